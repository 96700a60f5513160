"""The games spielwerk hosts, registered here and nowhere else."""

from spielwerk.core.registry import Registry


def register_all(registry: Registry) -> None:
    """Put every hosted game into `registry` (each is imported only when first used)."""
    registry.register("avalon", "spielwerk.games.avalon:Avalon")
    registry.register("drachenfels", "spielwerk.games.drachenfels:Drachenfels")
    registry.register("grani", "spielwerk.games.grani:Grani")
    registry.register("gyges", "spielwerk.games.gyges:Gyges")
