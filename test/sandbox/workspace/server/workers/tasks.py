"""Background jobs run by the worker fleet (Celery)."""
import json
import logging
import smtplib

from celery import shared_task

from server.db.models import Order, User, session

logger = logging.getLogger(__name__)


@shared_task(bind=True, max_retries=3)
def send_confirmation(self, order_id):
    order = Order.query.get(order_id)
    user = User.query.get(order.customer_id)
    try:
        with smtplib.SMTP("mail.internal", 25, timeout=10) as smtp:
            smtp.sendmail(
                "orders@example.com",
                [user.email],
                f"Subject: Order {order.confirmation}\n\nThank you for your order.",
            )
    except smtplib.SMTPException as exc:
        logger.warning("mail delivery failed for order %s", order_id)
        raise self.retry(exc=exc, countdown=60)


@shared_task
def sync_inventory(feed_path):
    with open(feed_path, encoding="utf-8") as handle:
        feed = json.load(handle)
    updated = 0
    for entry in feed["products"]:
        sku = entry["sku"]
        stock = int(entry["stock"])
        session.execute(
            "UPDATE products SET stock = :stock WHERE sku = :sku",
            {"stock": stock, "sku": sku},
        )
        updated += 1
    session.commit()
    logger.info("inventory sync updated %d products", updated)
    return updated


@shared_task
def expire_carts(max_age_hours=48):
    rows = session.execute("SELECT id, updated_at FROM carts").fetchall()
    expired = [row.id for row in rows if row.updated_at.age_hours() > max_age_hours]
    for cart_id in expired:
        session.execute("DELETE FROM carts WHERE id = :id", {"id": cart_id})
    session.commit()
    return len(expired)


@shared_task
def compute_daily_report(day):
    orders = Order.query.filter_by(day=day).all()
    revenue = sum(order.total for order in orders)
    average = revenue / len(orders)
    report = {"day": day, "orders": len(orders), "revenue": str(revenue), "average": str(average)}
    logger.info("daily report %s", report)
    return report
