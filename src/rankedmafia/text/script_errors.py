"""What is wrong with a game script, in the reader's language: its shape, before any rule is asked (a
rule's refusal is text/errors.py's). Each message names the key or entry at fault."""

from __future__ import annotations

from typing import Any

SCRIPT_ERRORS: dict[str, dict[str, str]] = {
    "ru": {
        "not_yaml": "это не YAML и не JSON: {error}",
        "not_mapping": "скрипт игры — это словарь с ключами `players` и `phases`",
        "players_list": "`players` — непустой список игроков вида {{name, role}}",
        "player_fields": "игроку {number} в `players` нужны `name` и `role`",
        "player_keys": "у игрока {number} в `players` неизвестные ключи: {keys}",
        "player_role": "игрок {number} в `players` ({name}): неизвестная роль «{role}»",
        "player_sex": "игрок {number} в `players` ({name}): `sex` — m или f, а не «{sex}»",
        "player_ranks": "игрок {number} в `players` ({name}): `ranks` — ранг в каждом клане, например {{red: 1, "
            "black: 2}}",
        "format": "формат {format} не поддерживается: этот движок читает формат {supported}",
        "seed": "`seed` — целое число или строка",
        "chance": "`chance` — seeded, always или never",
        "start": "`start` — night или day",
        "rules": "`rules` — словарь домашних правил",
        "phases": "`phases` — список фаз",
        "phase_shape": "каждая фаза — словарь с одним ключом, night или day",
        "phase_kind": "здесь ожидается {expected_name} (`{expected}`), а указано «{found}»",
        "night_list": "ночь — это список действий",
        "action_fields": "у действия должны быть `actor` и `action`",
        "targets_list": "`targets` — список ников",
        "ask_question": "ask принимает вопрос в виде `question: {{template, args}}`",
        "ask_only": "ask принимает только `question: {{template, args}}`",
        "one_option": "рядом с целями допускается один параметр, указаны: {keys}",
        "copy_fields": "copy принимает рядом с целями `role` и `use` (копируемое действие), а также `option` "
                       "или `question` самого копируемого действия",
        "day_mapping": "день — это словарь с ключом `votes`",
        "votes_mapping": "`votes` сопоставляет каждому голосующему ник или blue",
        "pending": "`host.pending` — список команд",
        "host": "`host` — словарь настроек ведущего",
        "file_missing": "Файл {path} не найден",
        "file_denied": "Файл {path} не читается: нет прав на чтение",
        "file_folder": "{path} — это папка, а не файл",
        "file_encoding": "Файл {path} не в кодировке UTF-8",
        "file_unreadable": "Не удалось прочитать файл {path} ({error})",
        "record_json": "Запись {path} — не JSON: {error}",
    },
    "en": {
        "not_yaml": "not valid YAML or JSON: {error}",
        "not_mapping": "a script is a mapping with `players` and `phases`",
        "players_list": "`players` must be a non-empty list of {{name, role}}",
        "player_fields": "player {number} of `players` must have `name` and `role`",
        "player_keys": "player {number} of `players` has unknown keys: {keys}",
        "player_role": "player {number} of `players` ({name}): unknown role “{role}”",
        "player_sex": "player {number} of `players` ({name}): `sex` is m or f, not “{sex}”",
        "player_ranks": "player {number} of `players` ({name}): `ranks` is a rank in each clan, such as {{red: 1, "
            "black: 2}}",
        "format": "unsupported format {format}; this engine reads format {supported}",
        "seed": "`seed` must be an integer or a string",
        "chance": "`chance` must be seeded, always or never",
        "start": "`start` must be night or day",
        "rules": "`rules` must be a mapping",
        "phases": "`phases` must be a list",
        "phase_shape": "each phase is a mapping with one key, night or day",
        "phase_kind": "expected {expected_name} (`{expected}`) here, found “{found}”",
        "night_list": "a night is a list of actions",
        "action_fields": "an action needs `actor` and `action`",
        "targets_list": "`targets` must be a list of names",
        "ask_question": "ask takes `question: {{template, args}}`",
        "ask_only": "ask takes `question: {{template, args}}` and nothing else",
        "one_option": "at most one option beside targets, found: {keys}",
        "copy_fields": "copy takes `role` and `use` (the copied action) beside targets, and the copied action's "
                       "own `option` or `question`",
        "day_mapping": "a day is a mapping with `votes`",
        "votes_mapping": "`votes` must map each voter to a name or blue",
        "pending": "`host.pending` must be a list of commands",
        "host": "`host` must be a mapping",
        "file_missing": "The file {path} is not found",
        "file_denied": "The file {path} cannot be read: no permission",
        "file_folder": "{path} is a folder, not a file",
        "file_encoding": "The file {path} is not UTF-8",
        "file_unreadable": "The file {path} cannot be read ({error})",
        "record_json": "The record {path} is not JSON: {error}",
    },
}


PHASE_NAMES = {"ru": {"night": "ночь", "day": "день"}, "en": {"night": "a night", "day": "a day"}}


def script_error_text(key: str, params: dict[str, Any], lang: str = "ru") -> str:
    """The message for one kind of malformed script, in this language (Russian if it has none)."""
    catalogue = SCRIPT_ERRORS.get(lang, SCRIPT_ERRORS["ru"])
    shown = dict(params)
    if isinstance(params.get("index"), int):
        shown["number"] = params["index"] + 1  # a player of the list as the host counts him, from 1
    if "expected" in params:
        shown["expected_name"] = PHASE_NAMES.get(lang, PHASE_NAMES["ru"]).get(str(params["expected"]),
                                                                             str(params["expected"]))
    return catalogue[key].format(**shown)


def file_error_text(error: OSError | UnicodeDecodeError, path: object, lang: str = "ru") -> str:
    """Why a file given on the command line could not be read, in this language: «файл game.yaml не
    найден», never an `[Errno 2]`."""
    shown = getattr(error, "filename", None) or path
    if isinstance(error, UnicodeDecodeError):
        return script_error_text("file_encoding", {"path": path}, lang)
    if isinstance(error, FileNotFoundError):
        return script_error_text("file_missing", {"path": shown}, lang)
    if isinstance(error, PermissionError):
        return script_error_text("file_denied", {"path": shown}, lang)
    if isinstance(error, IsADirectoryError):
        return script_error_text("file_folder", {"path": shown}, lang)
    return script_error_text("file_unreadable", {"path": shown, "error": error.strerror or error}, lang)
