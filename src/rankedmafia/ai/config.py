"""agents.yaml: the agents an arena seats, or that a live game puts in a seat.

    agents:
      - name: qwen
        kind: ai                      # ai | heuristic | random
        base_url: http://127.0.0.1:11434/v1
        model: qwen2.5:7b
        api_key_env: OLLAMA_API_KEY   # the variable that holds the key (optional: local servers need none)
        temperature: 0.7
        timeout: 60                   # seconds for one request
        deadline: 180                 # seconds for one decision, retries included
        lang: ru                      # ru | en: the prompt's language
        structured: auto              # auto | json_schema | text
        posts_per_day: 2
      - {name: heuristic, kind: heuristic}
      - {name: random, kind: random}
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

LANES = 8  # games a worker plays at once: enough to keep a local model server busy while it plays

KINDS = ("ai", "heuristic", "random")
LANGS = ("ru", "en")
STRUCTURED = ("auto", "json_schema", "text")


class ConfigError(ValueError):
    """An agents file that cannot be used, with the reason in words."""


@dataclass(frozen=True, slots=True)
class AgentConfig:
    name: str
    kind: str = "ai"
    base_url: str = "http://127.0.0.1:11434/v1"
    model: str = ""
    api_key_env: str | None = None
    temperature: float = 0.7
    timeout: float = 60.0
    deadline: float = 180.0
    lang: str = "ru"
    structured: str = "auto"
    posts_per_day: int = 2
    max_tokens: int = 400

    @property
    def is_ai(self) -> bool:
        return self.kind == "ai"

    def api_key(self) -> str:
        """The key from its variable; local servers take any, so a placeholder stands when none is set."""
        if self.api_key_env:
            return os.environ.get(self.api_key_env, "") or "none"
        return "none"

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], index: int = 0) -> AgentConfig:
        if not isinstance(data, Mapping):
            raise ConfigError(f"agent {index + 1}: expected a mapping with name and kind")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(map(str, data)) - known)
        if unknown:
            raise ConfigError(f"agent {index + 1}: unknown keys {', '.join(unknown)}")
        name = str(data.get("name") or "").strip()
        if not name:
            raise ConfigError(f"agent {index + 1}: a name is required")
        kind = str(data.get("kind", "ai"))
        if kind not in KINDS:
            raise ConfigError(f"agent {name!r}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
        given = {**{k: f.default for k, f in cls.__dataclass_fields__.items() if k != "name"}, **data}
        try:
            config = cls(
                name=name, kind=kind, base_url=str(given["base_url"]), model=str(given["model"] or ""),
                api_key_env=given["api_key_env"] or None, temperature=float(given["temperature"]),
                timeout=float(given["timeout"]), deadline=float(given["deadline"]), lang=str(given["lang"]),
                structured=str(given["structured"]), posts_per_day=int(given["posts_per_day"]),
                max_tokens=int(given["max_tokens"]))
        except (TypeError, ValueError) as error:
            raise ConfigError(f"agent {name!r}: {error}") from None
        config.validate()
        return config

    def validate(self) -> None:
        if self.kind == "ai" and not self.model:
            raise ConfigError(f"agent {self.name!r}: an ai agent needs a model")
        if self.lang not in LANGS:
            raise ConfigError(f"agent {self.name!r}: lang must be one of {', '.join(LANGS)}")
        if self.structured not in STRUCTURED:
            raise ConfigError(f"agent {self.name!r}: structured must be one of {', '.join(STRUCTURED)}")
        if self.timeout <= 0 or self.deadline <= 0 or self.posts_per_day < 0 or not 0 <= self.temperature <= 2:
            raise ConfigError(f"agent {self.name!r}: timeout and deadline must be positive, posts_per_day not "
                              "negative, temperature between 0 and 2")

    def as_mapping(self) -> dict[str, Any]:
        return {key: getattr(self, key) for key in self.__dataclass_fields__}


def parse_agents(data: Any) -> list[AgentConfig]:
    items: Any = data.get("agents") if isinstance(data, Mapping) else data
    if not isinstance(items, Sequence) or isinstance(items, str) or not items:
        raise ConfigError("an agents file lists its agents under `agents:`")
    agents = [AgentConfig.from_mapping(item, index) for index, item in enumerate(items)]
    names = [agent.name for agent in agents]
    if len(set(names)) != len(names):
        raise ConfigError("agent names must be unique")
    return agents


def load_agents(path: str | Path) -> list[AgentConfig]:
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise ConfigError(f"{path}: {error}") from None
    return parse_agents(data)
