from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class UsersConfig(AppConfig):
    name = "arbiter.users"
    label = "users"


class ThrottledAdminConfig(admin_apps.AdminConfig):
    """Django's admin, whose default site throttles its login form (admin_site.py)."""

    default = False  # `arbiter.users` itself is UsersConfig; settings name this one
    default_site = "arbiter.users.admin_site.ThrottledAdminSite"
