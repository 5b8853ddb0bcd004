"""Stage 5, the flags: what the counter did not count and why, in the host's words, each with the post's
own words («пост 7 (Саша): «Голосую за Вассю» прочитано как Вася — проверьте — не засчитано, решите
сами»). A flagged reading never changes the count until the host decides it."""

from __future__ import annotations

from rankedmafia.forum.votes import FLAGGED, Reading
from rankedmafia.rules.model import BLUE

LABELS = {
    "ru": {
        "unread": "пост {post} ({author}): не понял, за кого голос: «{typed}»",
        "two_names": "пост {post} ({author}): «{typed}» — названо несколько: {names}",
        "no_vote_word": "пост {post} ({author}): «{typed}» без слова «голосую»",
        "bare_blue": "пост {post} ({author}): «{typed}» — «синий» без слова «голосую»",
        "fuzzy_name": "пост {post} ({author}): «{typed}» прочитано как {name} — проверьте",
        "fuzzy_author": "пост {post} ({author}): «{typed}» — автор поста на странице «{stamp_bare}», прочитан как "
                        "{author} — проверьте",
        "no_time": "пост {post} ({author}): время поста не прочитано{stamp}, а срок задан",
        "relative_time": "пост {post} ({author}): время «{stamp}» — относительное, а от какой даты считать, "
                         "неизвестно (укажите сегодняшнюю дату)",
        "near_deadline": "пост {post} ({author}): время «{stamp}» слишком приблизительно, чтобы сравнить со сроком",
        "dead_choice": "пост {post} ({author}): голос за выбывшего {name} не засчитан",
        "silenced": "пост {post} ({author}): «{typed}» — {author} сегодня без права голоса, голос не засчитан",
        "edited_late": "пост {post} ({author}): изменён после срока ({stamp_bare}) — «{typed}»",
        "edited_unknown": "пост {post} ({author}): изменён, а когда — не прочитано{stamp} — «{typed}»",
        "mention": "пост {post} ({author}): «{typed}» — голос ли это?",
        "unsure_quote": "пост {post} ({author}): «{typed}» — в посте цитата, которую не удалось отделить от "
                        "слов автора",
        "unsure_author": "пост {post} ({author}): «{typed}» — форум незнакомый, и в заголовке поста несколько "
                         "имён: автор прочитан неуверенно",
        "unsure_body": "пост {post} ({author}): «{typed}» — форум незнакомый, и вне прочитанного текста поста "
                       "есть слова о голосе: проверьте пост",
        "not_a_vote": "пост {post} ({author}): по решению ведущего не голос",
        "pending": "{text} — не засчитано, решите сами",
        "late": "после срока пропущены посты: {posts}",
        "stranger": "пропущены посты не живых игроков: {authors}",
        "source_page": "относительные даты («Сегодня», «Вчера», «… назад») прочитаны по дате страницы: {when}",
        "source_today": "относительные даты («Сегодня», «Вчера», «… назад») прочитаны по заданной дате: {when}",
        "source_post": "относительные даты («Сегодня», «Вчера») прочитаны по машинной метке времени поста",
        "blue": "синий",
    },
    "en": {
        "unread": "post {post} ({author}): could not tell whom the vote is for: “{typed}”",
        "two_names": "post {post} ({author}): “{typed}” names more than one: {names}",
        "no_vote_word": "post {post} ({author}): “{typed}” without a vote word",
        "bare_blue": "post {post} ({author}): “{typed}”: blue without a vote word",
        "fuzzy_name": "post {post} ({author}): “{typed}” read as {name}; please check",
        "fuzzy_author": "post {post} ({author}): “{typed}”: the page names its author “{stamp_bare}”, read as "
                        "{author}; please check",
        "no_time": "post {post} ({author}): the post's time could not be read{stamp}, and a deadline is set",
        "relative_time": "post {post} ({author}): the time “{stamp}” is relative, and the date it counts from is "
                         "unknown (give today's date)",
        "near_deadline": "post {post} ({author}): the time “{stamp}” is too rough to compare with the deadline",
        "dead_choice": "post {post} ({author}): a vote for {name}, who is out of the game, is not counted",
        "silenced": "post {post} ({author}): “{typed}”: {author} has no vote today; not counted",
        "edited_late": "post {post} ({author}): edited after the deadline ({stamp_bare}): “{typed}”",
        "edited_unknown": "post {post} ({author}): edited, and when could not be read{stamp}: “{typed}”",
        "mention": "post {post} ({author}): “{typed}”: is it a vote?",
        "unsure_quote": "post {post} ({author}): “{typed}”: the post holds a quote that could not be told from "
                        "the author's words",
        "unsure_author": "post {post} ({author}): “{typed}”: an unknown forum, and the post's header names "
                         "several members: its author is unsure",
        "unsure_body": "post {post} ({author}): “{typed}”: an unknown forum, and words of a vote stand outside "
                       "the text read as the post's: check the post",
        "not_a_vote": "post {post} ({author}): not a vote, as the host decided",
        "pending": "{text}: not counted; yours to decide",
        "late": "posts after the deadline skipped: {posts}",
        "stranger": "posts by others than living players skipped: {authors}",
        "source_page": "relative times (“Today”, “Yesterday”, “… ago”) read against the page's own date: {when}",
        "source_today": "relative times (“Today”, “Yesterday”, “… ago”) read against the date given: {when}",
        "source_post": "relative times (“Today”, “Yesterday”) read against the post's machine time stamp",
        "blue": "blue",
    },
}


def describe(reading: Reading, lang: str = "ru") -> str:
    """A flagged or skipped reading in words: the post, its author, what it says and why it is not counted."""
    labels = LABELS.get(lang, LABELS["ru"])
    words = [labels["blue"] if n == BLUE else n for n in reading.names]
    stamp = f" («{reading.stamp}»)" if lang == "ru" else f" (“{reading.stamp}”)"
    text = labels[reading.reason].format(
        post=reading.post, author=reading.author, typed=reading.typed, names=", ".join(words),
        name=labels["blue"] if reading.choice == BLUE else reading.choice,
        stamp=stamp if reading.stamp else "", stamp_bare=reading.stamp)
    return labels["pending"].format(text=text) if reading.status == FLAGGED else text
