from .fixtures import apps, nginx_front, redis_server  # noqa: F401
