"""Database models (SQLAlchemy)."""
from datetime import datetime
from decimal import Decimal

from sqlalchemy import Column, DateTime, ForeignKey, Integer, Numeric, String
from sqlalchemy.orm import declarative_base, relationship, scoped_session, sessionmaker

Base = declarative_base()
session = scoped_session(sessionmaker())


class User(Base):
    __tablename__ = "users"
    id = Column(Integer, primary_key=True)
    email = Column(String(255), unique=True, nullable=False)
    first_name = Column(String(100))
    last_name = Column(String(100))

    @property
    def display_name(self):
        return self.first_name + " " + self.last_name


class Product(Base):
    __tablename__ = "products"
    sku = Column(String(32), primary_key=True)
    name = Column(String(200), nullable=False)
    price = Column(Numeric(10, 2), nullable=False)
    stock = Column(Integer, default=0)


class Order(Base):
    __tablename__ = "orders"
    id = Column(Integer, primary_key=True)
    customer_id = Column(Integer, ForeignKey("users.id"), nullable=False)
    total = Column(Numeric(10, 2), nullable=False)
    refunded = Column(Numeric(10, 2))
    status = Column(String(20), default="open")
    created_at = Column(DateTime, default=datetime.utcnow)
    lines = relationship("OrderLine", back_populates="order")

    @property
    def confirmation(self):
        return "C-%08d" % self.id

    def add_line(self, product, quantity):
        if product.stock < quantity:
            raise ValueError(f"not enough stock for {product.sku}: {product.stock} < {quantity}")
        line = OrderLine(order=self, sku=product.sku, quantity=quantity, price=product.price)
        self.lines.append(line)
        product.stock -= quantity
        return line


class OrderLine(Base):
    __tablename__ = "order_lines"
    id = Column(Integer, primary_key=True)
    order_id = Column(Integer, ForeignKey("orders.id"))
    sku = Column(String(32), ForeignKey("products.sku"))
    quantity = Column(Integer, nullable=False)
    price = Column(Numeric(10, 2), nullable=False)
    order = relationship("Order", back_populates="lines")

    def to_dict(self):
        return {"sku": self.sku, "quantity": self.quantity, "price": str(self.price * Decimal(1))}
