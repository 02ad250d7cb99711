"""The HTML of the class together: the class page, a table's page, the teacher's board.

Plain pages in the reader's language (``?lang=ru``), made here; every text a person
typed (a name) is escaped. A table's page and the board are brought to life by a small
script (``static/table.js``, ``static/board.js``) that speaks to the server's socket and
writes what it is sent with ``textContent`` (the server's own drawings of cards are the
only markup it inserts).
"""

from __future__ import annotations

import html
import json

import rules
from rules.game import GameInfo
from rules.lang import pick
from widgets.paint import STYLESHEET

from .tables import DEFAULT_STRENGTH, STRENGTHS, Table, choice_label, choice_text, option_fields, strength_name

e = html.escape

#: a table page's words, for its script
TABLE_WORDS = {
    "you": ("you", "вы"),
    "bot": ("bot", "бот"),
    "open_seat": ("empty seat", "свободное место"),
    "away": ("not connected", "не на связи"),
    "stand_in": ("a bot plays for them", "за него играет бот"),
    "strength": ("Bot's strength", "Сила бота"),
    "sit": ("Sit here", "Сесть сюда"),
    "take_bot": ("Take the bot's seat", "Занять место бота"),
    "play": ("Play", "Сыграть"),
    "last": ("Last move:", "Последний ход:"),
    "no_moves": ("No move of yours now.", "Сейчас у вас нет хода."),
    "reconnecting": ("Connection lost; reconnecting…", "Связь потеряна; подключаемся снова…"),
    "connected": ("Connected.", "Подключено."),
    "gone": ("This table is closed.", "Этот стол закрыт."),
    "all_tables": ("The class page: all tables", "Страница класса: все столы"),
    "close_confirm": ("Close this table for everyone?", "Закрыть этот стол для всех?"),
    "rule": ("rule", "правило"),
    "why_title": ("Your moves and their rules", "Ваши ходы и их правила"),
    "choose": ("Choose one of the highlighted moves.", "Выберите один из выделенных ходов."),
}

#: the button that makes this computer a new student, under the name form and on the "not me" page
_NOT_ME = ("Not me: a new student on this computer", "Это не я: на этом компьютере новый ученик")

#: the pages' own look; a table's page adds the tables' look (:data:`widgets.paint.STYLESHEET`,
#: served beside it), which styles what the game's painter draws in its centre
PAGE_STYLE, TABLE_STYLE = "together.css", STYLESHEET.name


def _page(
    title: str, body: str, root: str, lang: str, *, script: str = "", body_class: str = "", table: bool = False
) -> str:
    scripts = f'<script src="{root}static/{script}" defer></script>' if script else ""
    sheets = (PAGE_STYLE, TABLE_STYLE) if table else (PAGE_STYLE,)
    styles = "".join(f'<link rel="stylesheet" href="{root}static/{sheet}">' for sheet in sheets)
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{e(title)}</title>{styles}{scripts}</head>"
        f'<body class="{body_class}">{body}</body></html>'
    )


def _languages(root: str, path: str, lang: str, extra: str = "") -> str:
    other, label = ("ru", "Русский") if lang == "en" else ("en", "English")
    return (
        f'<a class="lang-switch" lang="{other}" hreflang="{other}" href="{root}{path}?lang={other}{extra}">{label}</a>'
    )


def not_me_form(root: str, lang: str, xsrf: str, next_url: str) -> str:
    """A button that makes this computer a new student (the next person at a shared computer)."""
    return (
        f"<form class='not-me' method='post' action='{root}not-me'>{xsrf}"
        f"<input type='hidden' name='lang' value='{lang}'><input type='hidden' name='next' value='{e(next_url)}'>"
        f"<button type='submit'>{pick(lang, *_NOT_ME)}</button></form>"
    )


def _name_form(root: str, lang: str, xsrf: str, student, next_url: str, hub: bool = False) -> str:
    has_name = bool(student and student.name)
    label = pick(lang, "Your name", "Ваше имя")
    button = pick(lang, "Change", "Изменить") if has_name else pick(lang, "Join the class", "Войти в класс")
    lead = (
        pick(lang, "You are ", "Вы — ") + f"<strong class='my-name'>{e(student.name)}</strong>."
        if has_name
        else pick(
            lang,
            "Give your name (or a nickname): your classmates see it at the tables, your teacher on the board.",
            "Напишите своё имя (или прозвище): его увидят одноклассники за столами и учитель на доске.",
        )
    )
    return (
        f"<p>{lead}</p><form class='name-form' method='post' action='{root}name'>{xsrf}"
        f"<input type='hidden' name='lang' value='{lang}'><input type='hidden' name='next' value='{e(next_url)}'>"
        f"<label>{label} <input name='name' required maxlength='40' autocomplete='nickname' "
        f"value='{e(student.name) if has_name else ''}'></label> <button type='submit'>{button}</button></form>"
        + (not_me_form(root, lang, xsrf, next_url) if has_name and not hub else "")
    )


def class_page(
    *, root: str, lang: str, xsrf: str, student, hub: bool, tables: list[dict], error: str | None = None
) -> str:
    """Your name, the tables open now, a code to join, and a new table of any game."""
    title = pick(lang, "Play together", "Играть вместе")
    error_html = f"<p class='error' role='alert'>{e(error)}</p>" if error else ""
    rows = "".join(
        f"<li><a href='{root}t/{t['code']}?lang={lang}'><span class='code'>{t['code']}</span> {e(t['game'])}</a> · "
        + pick(lang, "free seats: ", "свободно мест: ")
        + f"{t['open']} / {t['players']}"
        + (f" · {e(', '.join(t['names']))}" if t["names"] else "")
        + (pick(lang, " · game over", " · партия окончена") if t["over"] else "")
        + "</li>"
        for t in tables
    )
    listing = (
        f"<ul class='tables'>{rows}</ul>" if rows else "<p>" + pick(lang, "No table yet.", "Столов пока нет.") + "</p>"
    )
    games = "".join(_game_form(root, lang, xsrf, gid, module) for gid, module in rules.GAMES.items())
    body = (
        f"<header><h1>{title}</h1>{_languages(root, '', lang)}</header><main>{error_html}"
        f"<section aria-labelledby='h-you'><h2 id='h-you'>{pick(lang, 'You', 'Вы')}</h2>"
        f"{_name_form(root, lang, xsrf, student, root + '?lang=' + lang, hub)}</section>"
        f"<section aria-labelledby='h-join'><h2 id='h-join'>{pick(lang, 'Join a table', 'За стол по коду')}</h2>"
        f"<form method='get' action='{root}join'><input type='hidden' name='lang' value='{lang}'>"
        f"<label>{pick(lang, 'Table code', 'Код стола')} <input name='code' required maxlength='12' "
        "autocapitalize='characters' autocomplete='off' spellcheck='false' class='code-input'></label> "
        f"<button type='submit'>{pick(lang, 'Join', 'Сесть')}</button></form>"
        f"<h3>{pick(lang, 'Tables open now', 'Открытые столы')}</h3>{listing}</section>"
        f"<section aria-labelledby='h-new'><h2 id='h-new'>{pick(lang, 'Open a new table', 'Открыть новый стол')}</h2>"
        + pick(
            lang,
            "<p>Choose a game and its options; you sit at seat 1, others join with the table's code, "
            "and bots can take the seats nobody takes: easy, medium (the book's bot) or strong (the coach), "
            "seat by seat at the table.</p>",
            "<p>Выберите игру и её параметры; вы садитесь на место 1, остальные входят по коду стола, "
            "а свободные места могут занять боты: лёгкие, средние (бот книги) или сильные (тренер), "
            "за столом — для каждого места свой.</p>",
        )
        + f"{games}</section></main>"
    )
    return _page(title, body, root, lang)


def _game_form(root: str, lang: str, xsrf: str, gid: str, module) -> str:
    info: GameInfo = module.info
    name = info.name(lang)
    default = max(info.min_players, min(4, info.max_players))
    players = "".join(
        f"<option value='{n}'{' selected' if n == default else ''}>{n}</option>"
        for n in range(info.min_players, info.max_players + 1)
    )
    controls = [f"<label>{pick(lang, 'Players', 'Игроки')} <select name='players'>{players}</select></label>"]
    seed = pick(
        lang,
        "Seed (the same for the same deal; empty: a new one)",
        "Зерно (одно и то же — та же раздача; пусто — новая)",
    )
    controls.append(f"<label>{seed} <input name='seed' inputmode='numeric' pattern='[0-9]{{0,9}}' size='9'></label>")
    bots = pick(lang, "Bots take the other seats now", "Боты сразу занимают остальные места")
    controls.append(f"<label><input type='checkbox' name='bots' id='{gid}-bots'> {bots}</label>")
    strengths = "".join(
        f"<option value='{s}'{' selected' if s == DEFAULT_STRENGTH else ''}>"
        f"{e(strength_name(s, lang, module))}</option>"
        for s in STRENGTHS
    )
    strength = e(pick(lang, "Bots' strength", "Сила ботов"))
    controls.append(f"<label>{strength} <select name='strength' id='{gid}-strength'>{strengths}</select></label>")
    for field in option_fields(module):
        label = e(pick(lang, *field.metadata["label"]))
        fid = f"{gid}-{field.name}"
        if isinstance(field.default, bool):
            checked = " checked" if field.default else ""
            controls.append(f"<label><input type='checkbox' name='{field.name}' id='{fid}'{checked}> {label}</label>")
        elif field.metadata.get("choices") is not None:
            options = "".join(
                f"<option value='{e(choice_text(c))}'{' selected' if c == field.default else ''}>"
                f"{e(choice_label(field, c, lang))}</option>"
                for c in field.metadata["choices"]
            )
            controls.append(f"<label>{label} <select name='{field.name}' id='{fid}'>{options}</select></label>")
        else:
            low, high = field.metadata.get("low"), field.metadata.get("high")
            controls.append(
                f"<label>{label} <input type='number' name='{field.name}' id='{fid}' value='{field.default}' "
                f"min='{low}' max='{high}' inputmode='numeric'></label>"
            )
    return (
        f"<details class='game' data-game='{gid}'><summary>{e(name)}</summary>"
        f"<form method='post' action='{root}tables'>{xsrf}<input type='hidden' name='game' value='{gid}'>"
        f"<input type='hidden' name='lang' value='{lang}'><div class='options'>{''.join(controls)}</div>"
        f"<button type='submit'>{pick(lang, 'Open a table of ', 'Открыть стол: ')}{e(name)}</button></form></details>"
    )


def table_page(
    *, root: str, lang: str, xsrf: str, student, hub: bool, table: Table, watch: bool, origin: str, notice: str = ""
) -> str:
    """A table's page: its code and QR to join, and the places the script fills from the socket."""
    from .. import gallery  # the sheet's QR codes

    name = table.module.name(lang)
    title = f"{name} · " + pick(lang, "table ", "стол ") + table.code
    url = f"{origin}{root}t/{table.code}"
    words = {k: pick(lang, *v) for k, v in TABLE_WORDS.items()}
    config = {
        "code": table.code,
        "lang": lang,
        "watch": watch,
        "socket": f"{root}ws/t/{table.code}",
        "root": root,
        "named": bool(student and student.name),
        "words": words,
    }
    share = (
        f"<details class='share'{' open' if watch else ''}><summary>"
        + pick(lang, "Invite: the code and QR", "Пригласить: код и QR")
        + f"</summary><p class='big-code'>{table.code}</p><div class='qr'>{gallery.qr_svg(url, fluid=True)}</div>"
        f"<p class='url'>{e(url)}</p>"
        + (f"<p class='reach' role='note'>{e(notice)}</p>" if notice else "")
        + (
            ""
            if watch
            else f"<p><a href='{root}t/{table.code}?lang={lang}&amp;watch=1' target='_blank'>"
            + pick(lang, "Show the table on the projector", "Показать стол на проекторе")
            + "</a></p>"
        )
        + "</details>"
    )
    join = (
        ""
        if watch
        else (
            "<section id='join' hidden aria-labelledby='h-join'>"
            f"<h2 id='h-join'>{pick(lang, 'Take a seat', 'Займите место')}</h2>"
            "<form id='name-form' hidden>"
            f"<label>{pick(lang, 'Your name', 'Ваше имя')} <input id='name' required maxlength='40' "
            f"autocomplete='nickname'></label> <button type='submit'>{pick(lang, 'Save', 'Сохранить')}</button></form>"
            "<ul id='free-seats'></ul>"
            "<form id='code-form'>"
            f"<label>{pick(lang, 'Your seat code (from another device)', 'Код вашего места (с другого устройства)')} "
            "<input id='seat-code' maxlength='12' autocapitalize='characters' autocomplete='off' spellcheck='false'>"
            "</label> "
            f"<button type='submit'>{pick(lang, 'Take my seat', 'Занять своё место')}</button></form></section>"
        )
    )
    mine = (
        ""
        if watch
        else (
            "<section id='mine' hidden>"
            f"<h2 id='h-hand'>{pick(lang, 'Your cards', 'Ваши карты')}</h2>"
            "<div id='hand' class='hand' role='group' aria-labelledby='h-hand'></div>"
            f"<h2 id='h-moves'>{pick(lang, 'Your moves', 'Ваши ходы')}</h2>"
            "<div id='moves' class='moves' role='group' aria-labelledby='h-moves'></div>"
            f"<details class='why'><summary>{pick(lang, 'Your moves and their rules', 'Ваши ходы и их правила')}"
            "</summary><ul id='why'></ul></details>"
            "<div class='seat-tools'>"
            "<button type='button' id='bots'>"
            f"{pick(lang, 'Bots take the empty seats', 'Боты занимают свободные места')}</button> "
            "<button type='button' id='leave'>"
            f"{pick(lang, 'Give my seat to a bot', 'Отдать своё место боту')}</button> "
            "<button type='button' id='again' hidden>"
            f"{pick(lang, 'Play again here', 'Сыграть ещё раз здесь')}</button> "
            f"<button type='button' id='close' hidden>{pick(lang, 'Close this table', 'Закрыть этот стол')}</button>"
            "<details id='move-device' class='seat-code'><summary>"
            + pick(lang, "Go on from another device", "Продолжить с другого устройства")
            + "</summary><p>"
            + pick(
                lang,
                "Type this code on the other device's page of this table (keep it to yourself): ",
                "Наберите этот код на странице этого стола на другом устройстве (никому его не показывайте): ",
            )
            + "<strong id='my-seat-code'></strong></p></details></div></section>"
        )
    )
    extra = "&amp;watch=1" if watch else ""
    body = (
        f"<header><h1>{e(name)} · <span class='code'>{table.code}</span></h1>"
        f"{_languages(root, 't/' + table.code, lang, extra)} "
        f"<a href='{root}?lang={lang}'>{pick(lang, 'All tables', 'Все столы')}</a></header>"
        "<main id='table'>"
        "<p id='status' class='status' role='status' aria-live='polite'></p>"
        "<p id='refusal' class='refusal' role='alert'></p>"
        f"<ul id='seats' class='seats' aria-label='{pick(lang, 'Seats', 'Места')}'></ul>"
        f"<div id='centre' class='centre' role='region' aria-label='{pick(lang, 'The table', 'Стол')}'></div>"
        "<p id='last' class='last' aria-live='polite'></p>"
        f"{mine}{join}{share}"
        f"<details class='log'><summary>{pick(lang, 'The whole log', 'Весь журнал')} (<span id='log-count'>0</span>)"
        "</summary><ol id='log'></ol></details>"
        f"</main><script type='application/json' id='config'>{_json(config)}</script>"
    )
    return _page(title, body, root, lang, script="table.js", body_class="projector" if watch else "", table=True)


BOARD_WORDS = {
    "student": ("student", "ученик"),
    "answered": ("answers", "ответов"),
    "right": ("right", "верных"),
    "share": ("right, %", "верно, %"),
    "stuck": ("stuck on (last two wrong)", "застрял (два последних неверно)"),
    "rule": ("rule", "правило"),
    "students": ("students", "учеников"),
    "nobody": ("Nobody has answered yet.", "Ответов пока нет."),
    "updated": ("Updated", "Обновлено"),
    "reconnecting": ("Connection lost; reconnecting…", "Связь потеряна; подключаемся снова…"),
    "verdicts": ("answers in all", "ответов всего"),
    "no_tables": ("No table is open.", "Открытых столов нет."),
    "table": ("table", "стол"),
    "step": ("moves played", "сделано ходов"),
    "last": ("last move", "последний ход"),
    "over": ("game over", "партия окончена"),
    "open_seat": ("empty seat", "свободно"),
    "bot": ("bot", "бот"),
    "strength": ("strength", "сила"),
    "close": ("Close", "Закрыть"),
    "again": ("New game at this table", "Новая партия за этим столом"),
    "seat": ("Seat", "Посадить"),
    "seat_student": ("student", "ученик"),
    "seat_where": ("at", "на место"),
    "close_confirm": ("Close this table for everyone?", "Закрыть этот стол для всех?"),
}


def board_page(
    *, root: str, lang: str, xsrf: str, student, hub: bool, summary: dict, since: str = "", xsrf_token: str = ""
) -> str:
    """The teacher's board: the tables being played, the class per student and per rule, live."""
    title = pick(lang, "The class's board", "Доска класса")
    config = {
        "lang": lang,
        "root": root,
        "xsrf": xsrf_token,
        "socket": f"{root}ws/board?lang={lang}" + (f"&since={since}" if since else ""),
        "words": {k: pick(lang, *v) for k, v in BOARD_WORDS.items()},
        "summary": summary,
    }
    csv_url = f"{root}board.csv?lang={lang}" + (f"&amp;since={e(since)}" if since else "")
    body = (
        f"<header><h1>{title}</h1>{_languages(root, 'board', lang)} "
        f"<a href='{csv_url}' download>{pick(lang, 'Download as CSV', 'Скачать CSV')}</a> "
        f"<form class='new-key' method='post' action='{root}board/key'>{xsrf}"
        f"<input type='hidden' name='lang' value='{lang}'><button type='submit'>"
        + pick(lang, "A new key for the board", "Новый ключ доски")
        + "</button></form></header>"
        "<main id='board'><p id='board-status' class='status' role='status'></p>"
        "<p id='board-error' class='error' role='alert'></p>"
        f"<section aria-labelledby='h-tables'><h2 id='h-tables'>{pick(lang, 'Tables', 'Столы')}</h2>"
        "<div id='tables' class='board-tables'></div></section>"
        f"<form method='get' action='{root}board' class='since'><input type='hidden' name='lang' value='{lang}'>"
        f"<label>{pick(lang, 'Answers from', 'Ответы начиная с')} <input type='date' name='since' value='{e(since)}'>"
        f"</label> <button type='submit'>{pick(lang, 'Show', 'Показать')}</button> "
        f"<a href='{root}board?lang={lang}'>{pick(lang, 'all days', 'все дни')}</a></form>"
        f"<section aria-labelledby='h-students'><h2 id='h-students'>{pick(lang, 'By student', 'По ученикам')}</h2>"
        "<div class='scroll'><table id='by-student'></table></div></section>"
        f"<section aria-labelledby='h-rules'><h2 id='h-rules'>{pick(lang, 'By rule', 'По правилам')}</h2>"
        "<div class='scroll'><table id='by-rule'></table></div></section>"
        f"</main><script type='application/json' id='config'>{_json(config)}</script>"
    )
    return _page(title, body, root, lang, script="board.js")


def new_key_page(*, root: str, lang: str, address: str) -> str:
    """The board's new key, shown once (the board keeps only its hash)."""
    title = pick(lang, "A new key for the board", "Новый ключ доски")
    body = (
        f"<main><h1>{title}</h1><p>"
        + pick(
            lang,
            "The old key no longer opens the board, nor does any other browser that opened it with the old key. "
            "Write down the new address: it is shown only now.",
            "Старый ключ больше не открывает доску, как и браузеры, открывшие её старым ключом. "
            "Запишите новый адрес: он показан только сейчас.",
        )
        + f"</p><p class='url'><code>{e(address)}</code></p>"
        f"<p><a href='{root}board?lang={lang}'>{pick(lang, 'Back to the board', 'Назад к доске')}</a></p></main>"
    )
    return _page(title, body, root, lang)


_MESSAGES = {
    403: ("Not for you", "This page is not open to you.", "Нет доступа", "Эта страница вам не открыта."),
    404: (
        "Not found",
        "There is nothing here (a table is closed when nobody used it for hours).",
        "Не найдено",
        "Здесь ничего нет (стол закрывается, если им долго никто не пользовался).",
    ),
    429: (
        "Too many requests",
        "Too many requests from this device: wait a minute and try again.",
        "Слишком много запросов",
        "Слишком много запросов с этого устройства: подождите минуту и попробуйте снова.",
    ),
}


def not_me_page(*, root: str, lang: str, xsrf: str, student, hub: bool, next_url: str, error: str | None = None) -> str:
    """ "Not me", reached from a practice app: whose rows the answers go to now, and a new student's
    name to go on with (this computer becomes that student; then back to ``next_url``)."""
    title = pick(lang, "A new student on this computer", "На этом компьютере новый ученик")
    now = (
        f"<strong class='my-name'>{e(student.name)}</strong>"
        if student and student.name
        else pick(lang, "a student with no name yet", "ученик без имени")
    )
    error_html = f"<p class='error' role='alert'>{e(error)}</p>" if error else ""
    back = e(next_url)
    body = (
        f"<header><h1>{title}</h1></header><main>{error_html}"
        f"<p>{pick(lang, 'Your answers go to the board as: ', 'Ваши ответы идут на доску как: ')}{now}.</p>"
        "<p>"
        + pick(
            lang,
            "Not you? Give your name: your next answers go to your own rows.",
            "Это не вы? Напишите своё имя: следующие ответы пойдут в ваши строки.",
        )
        + "</p>"
        f"<form class='not-me' method='post' action='{root}not-me'>{xsrf}"
        f"<input type='hidden' name='lang' value='{lang}'><input type='hidden' name='next' value='{back}'>"
        f"<label>{pick(lang, 'Your name', 'Ваше имя')} "
        "<input name='name' required maxlength='40' autocomplete='off'></label> "
        f"<button type='submit'>{pick(lang, *_NOT_ME)}</button></form>"
        f"<p><a href='{back}'>{pick(lang, 'Back: it is me', 'Назад: это я')}</a></p></main>"
    )
    return _page(title, body, root, lang)


def message_page(status: int, root: str, lang: str | None = None) -> str:
    """A short page in both languages for a refusal (403, 404, 429, any other error)."""
    en_title, en, ru_title, ru = _MESSAGES.get(
        status,
        (
            "Something went wrong",
            "The server could not answer this request.",
            "Ошибка",
            "Сервер не смог ответить на этот запрос.",
        ),
    )
    body = (
        f"<main><h1>{en_title} · <span lang='ru'>{ru_title}</span></h1><p>{en}</p><p lang='ru'>{ru}</p>"
        f"<p><a href='{root}'>Play together · <span lang='ru'>Играть вместе</span></a></p></main>"
    )
    return _page(f"{en_title} · {ru_title}", body, root, "en")


def _json(data: dict) -> str:
    """JSON for a ``<script type="application/json">``: no ``</script>`` can close it early."""
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


__all__ = ["board_page", "class_page", "message_page", "not_me_page", "table_page"]
