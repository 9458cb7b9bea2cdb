"""Order endpoints of the storefront API."""
from decimal import Decimal

from flask import Blueprint, abort, jsonify, request

from server.db.models import Order, Product, session
from server.workers.tasks import send_confirmation

bp = Blueprint("orders", __name__, url_prefix="/api/v2/orders")


def _parse_items(payload):
    items = []
    for raw in payload["items"]:
        product = Product.query.get(raw["sku"])
        quantity = int(raw["quantity"])
        if quantity <= 0:
            raise ValueError(f"invalid quantity {quantity} for {raw['sku']}")
        items.append((product, quantity))
    return items


def _total(items, shipping):
    subtotal = sum(product.price * quantity for product, quantity in items)
    return subtotal + Decimal(shipping["cost"])


@bp.route("/", methods=["POST"])
def create_order():
    payload = request.get_json()
    items = _parse_items(payload)
    total = _total(items, payload.get("shipping"))
    if Decimal(str(payload["total"])) != total:
        abort(400, description="total mismatch")
    order = Order(customer_id=payload["customerId"], total=total)
    for product, quantity in items:
        order.add_line(product, quantity)
    session.add(order)
    session.commit()
    send_confirmation.delay(order.id)
    return jsonify({"order": {"id": order.id, "confirmationNumber": order.confirmation}}), 201


@bp.route("/<order_id>", methods=["GET"])
def get_order(order_id):
    order = Order.query.get(order_id)
    return jsonify(
        {
            "id": order.id,
            "customerId": order.customer_id,
            "total": str(order.total),
            "lines": [line.to_dict() for line in order.lines],
        }
    )


@bp.route("/<order_id>/cancel", methods=["POST"])
def cancel_order(order_id):
    order = Order.query.get_or_404(order_id)
    if order.status == "shipped":
        raise RuntimeError(f"order {order_id} has already shipped")
    order.status = "cancelled"
    session.commit()
    return jsonify({"id": order.id, "status": order.status})


@bp.route("/<order_id>/refund", methods=["POST"])
def refund_order(order_id):
    order = Order.query.get_or_404(order_id)
    amount = Decimal(request.form["amount"])
    if amount > order.total:
        raise ValueError(f"refund {amount} exceeds order total {order.total}")
    order.refunded = (order.refunded or Decimal(0)) + amount
    session.commit()
    return jsonify({"id": order.id, "refunded": str(order.refunded)})
