from django.apps import AppConfig


class UsersConfig(AppConfig):
    name = "arbiter.users"
    label = "users"
