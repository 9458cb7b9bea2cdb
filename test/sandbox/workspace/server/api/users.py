"""User profile endpoints."""
import re

from flask import Blueprint, g, jsonify, request

from server.db.models import User, session

bp = Blueprint("users", __name__, url_prefix="/api/v2/users")

EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$")


def current_user():
    user_id = g.session["user_id"]
    return User.query.get(user_id)


@bp.route("/me", methods=["GET"])
def me():
    user = current_user()
    return jsonify({"id": user.id, "email": user.email, "name": user.display_name})


@bp.route("/me", methods=["PATCH"])
def update_me():
    user = current_user()
    changes = request.get_json()
    if "email" in changes:
        if not EMAIL_RE.match(changes["email"]):
            raise ValueError("invalid email address")
        user.email = changes["email"].lower()
    if "name" in changes:
        first, last = changes["name"].split(" ", 1)
        user.first_name = first
        user.last_name = last
    session.commit()
    return jsonify({"id": user.id})


@bp.route("/<int:user_id>/avatar", methods=["GET"])
def avatar(user_id):
    user = User.query.get(user_id)
    data = user.avatar.read()
    return data, 200, {"Content-Type": "image/png"}


def format_address(address):
    lines = [address["street"], f"{address['zip']} {address['city']}"]
    if address.get("country"):
        lines.append(address["country"].upper())
    return "\n".join(lines)
