# Demo build helper: reads the build-time variables listed in env_options.yaml.
import os


def env_flag(name: str) -> bool:
    return os.getenv(name, "").upper() in ("1", "ON", "YES", "TRUE")


def build_options() -> dict:
    return {
        "asan": env_flag("NVFUSER_BUILD_WITH_ASAN"),
        "build_type": os.getenv("NVFUSER_BUILD_BUILD_TYPE", "Release"),
    }
