"""Durak: the beat explorer and the playable game.

The views hold no game logic: the explorer asks :func:`rules.durak.beaters` and
:func:`rules.durak.beat_reason`; the game calls :mod:`rules.durak`
(``new_game``, ``apply_label``, ``card_action``, ``play_bots``, ``log``) and
redraws from the state.
"""

from __future__ import annotations

import html
import random

import ipywidgets as w

from rules import durak as dk
from rules import svg
from rules.cards import BLACK_JOKER, RED_JOKER, Card, Suit, card_name, format_card, parse_card
from rules.errors import check_lang
from rules.game import play_bots
from widgets.common import guarded, rule_link, show, status_line, text

_SUIT_ROWS = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)


def _pack(size: int) -> list[Card]:
    return dk.game_deck(size, jokers=True)


def _columns(size: int) -> list[int]:
    """Ranks by strength, low to high (ace last)."""
    low = 6 if size == 36 else 2
    return [*range(low, 14), 1]


class BeatExplorer(w.VBox):
    """Choose the trump card and an attacking card: every card that beats it lights up, with the reason."""

    def __init__(self, trump: str = "7♥", attack: str = "8♠", *, deck: int = 36, lang: str = "en"):
        self.lang = check_lang(lang)
        self._size = deck
        self._deck = w.ToggleButtons(
            options=[
                (text(lang, "36 cards + 2 jokers", "36 карт + 2 джокера"), 36),
                (text(lang, "52 + 2", "52 + 2"), 52),
            ],
            value=deck,
            description=text(lang, "Pack:", "Колода:"),
        )
        self._trump = w.Dropdown(description=text(lang, "Trump card:", "Козырь:"))
        self._attack = w.Dropdown(description=text(lang, "Attack:", "Ход:"))
        for widget, cls in ((self._deck, "durak-pack"), (self._trump, "durak-trump"), (self._attack, "durak-attack")):
            widget.add_class(cls)
        self._picture = w.HTML()
        self._picture.add_class("durak-beaters")
        self._reasons = w.HTML()
        self._reasons.add_class("durak-reasons")
        self._table = w.HTML()
        self._table.add_class("durak-table")
        self._status = status_line()
        self._status.add_class("durak-status")
        self._fill_choices(trump, attack)
        controls = w.HBox([self._trump, self._attack], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([self._deck, controls, self._status, self._picture, self._reasons, self._table])
        self._deck.observe(self._on_deck, names="value")
        self._trump.observe(self._on_change, names="value")
        self._attack.observe(self._on_change, names="value")
        self._redraw()

    # ---- read-only state

    @property
    def trump(self) -> Card:
        return parse_card(self._trump.value)

    @property
    def attack(self) -> Card:
        return parse_card(self._attack.value)

    @property
    def beaters(self) -> list[Card]:
        """The cards that beat the attack now (from the engine)."""
        return dk.beaters(self.attack, self.trump, _pack(self._size))

    # ---- callbacks

    def _fill_choices(self, trump: str, attack: str) -> None:
        cards = _pack(self._size)
        options = [(f"{format_card(c, self.lang)} — {card_name(c, self.lang)}", str(c)) for c in cards]
        trump_s, attack_s = str(parse_card(trump)), str(parse_card(attack))
        names = [v for _, v in options]
        self._trump.options = options
        self._attack.options = options
        self._trump.value = trump_s if trump_s in names else names[0]
        self._attack.value = attack_s if attack_s in names else names[0]

    def _on_deck(self, change) -> None:
        self._set_deck(change["new"])

    @guarded
    def _set_deck(self, size: int) -> None:
        trump, attack = self._trump.value, self._attack.value
        self._size = size
        self._fill_choices(trump, attack)
        self._redraw()

    def _on_change(self, change) -> None:
        self._redraw()

    @guarded
    def _redraw(self) -> None:
        lang = self.lang
        trump, attack = self.trump, self.attack
        pack = self._ordered()
        good = set(self.beaters)
        cols = _columns(self._size)
        cells, marks = {}, {}
        for r, suit in enumerate(_SUIT_ROWS):
            for k, rank in enumerate(cols):
                card = next(c for c in pack if c.suit is suit and int(c.rank) == rank)
                cells[(r, k)] = card
        cells[(4, 0)], cells[(4, 1)] = RED_JOKER, BLACK_JOKER
        for pos, card in cells.items():
            if card == attack:
                marks[pos] = "select"
            elif card in good:
                marks[pos] = "take"
        suits = dk.trump_suits(trump)
        self._picture.value = svg.grid(
            cells,
            5,
            len(cols),
            lang=lang,
            highlight=marks,
            width=34,
            row_labels=[s.value for s in _SUIT_ROWS] + [""],
            title=text(lang, f"cards that beat {attack}", f"карты, которые бьют {format_card(attack, 'ru')}"),
        )
        trumps = " ".join(s.value for s in _SUIT_ROWS if s in suits)
        top = dk.top_joker(trump)
        head = text(
            lang,
            f"Trump card {trump}: trumps {trumps}; the highest card is the {card_name(top)}. "
            f"{len(good)} cards beat {attack}.",
            f"Козырь {format_card(trump, 'ru')}: козыри {trumps}; старшая карта — {card_name(top, 'ru')}. "
            f"{format_card(attack, 'ru')} бьют {len(good)} карт.",
        )
        show(self._status, head, "ok")
        lines = [
            f"<li class='beater'>{html.escape(dk.beat_reason(attack, d, trump, lang))}</li>" for d in pack if d in good
        ]
        if not lines:
            lines = [
                "<li class='no-beater'>"
                + html.escape(text(lang, f"Nothing beats {attack}.", f"{format_card(attack, 'ru')} не бьёт ничто."))
                + "</li>"
            ]
        link = rule_link("durak.jokers" if attack.is_joker or trump.is_joker else "durak.beat", lang)
        self._reasons.value = f"<ul class='durak-reason-list'>{''.join(lines)}</ul><p>{link}</p>"
        self._table.value = self._who_beats_whom(pack, trump)

    def _ordered(self) -> list[Card]:
        """The pack in the picture's order: suits ♠ ♣ ♥ ♦, low to high, then the jokers."""
        pack = _pack(self._size)
        cols = _columns(self._size)
        out = [c for s in _SUIT_ROWS for r in cols for c in pack if c.suit is s and int(c.rank) == r]
        return [*out, RED_JOKER, BLACK_JOKER]

    def _who_beats_whom(self, pack: list[Card], trump: Card) -> str:
        lang = self.lang
        head = text(lang, "attack", "ход") + "</th><th>" + text(lang, "beaten by", "бьётся картами")
        rows = []
        for a in pack:
            bs = dk.beaters(a, trump, pack)
            cell = " ".join(format_card(b, lang) for b in bs) or "—"
            mark = " class='chosen'" if a == self.attack else ""
            rows.append(f"<tr{mark}><td>{format_card(a, lang)}</td><td>{cell}</td></tr>")
        title = text(lang, "Who beats whom", "Кто кого бьёт")
        return (
            f"<details class='durak-who'><summary>{title} ({format_card(trump, lang)})</summary>"
            f"<table><tr><th>{head}</th></tr>{''.join(rows)}</table></details>"
        )


class DurakGame(w.VBox):
    """Play Durak as player 1 against 1-5 heuristic bots, either variant, with the options."""

    def __init__(
        self,
        players: int = 2,
        seed: int = 0,
        *,
        variant: str = "classic",
        deck: int = 36,
        draw_order: str = "defender_last",
        first_bout_five: bool = False,
        games: int = 1,
        next_lead: str = "under",
        lang: str = "en",
    ):
        self.lang = check_lang(lang)
        self._players = w.Dropdown(
            options=list(range(2, 7)), value=players, description=text(lang, "Players:", "Игроки:")
        )
        self._variant = w.Dropdown(
            options=[(text(lang, *dk.VARIANT_NAMES[v]), v) for v in ("classic", "jokers")],
            value=variant,
            description=text(lang, "Variant:", "Вариант:"),
        )
        self._deck = w.Dropdown(options=[36, 52], value=deck, description=text(lang, "Cards:", "Карт:"))
        self._draw_order = w.Dropdown(
            options=[
                (text(lang, "defender draws last", "отбивавшийся берёт последним"), "defender_last"),
                (text(lang, "strictly clockwise", "строго по часовой"), "clockwise"),
            ],
            value=draw_order,
            description=text(lang, "Drawing:", "Добор:"),
        )
        self._five = w.Checkbox(
            value=first_bout_five, description=text(lang, "5 cards before the first discard", "5 карт до первого отбоя")
        )
        self._seed = w.BoundedIntText(value=seed, min=0, max=10**9, description=text(lang, "Seed:", "Зерно:"))
        self._games = w.Dropdown(options=[1, 3, 5, 10], value=games, description=text(lang, "Games:", "Игр в матче:"))
        self._next_lead = w.Dropdown(
            options=[
                (text(lang, "under the fool", "под дурака"), "under"),
                (text(lang, "from under the fool", "из-под дурака"), "from_under"),
            ],
            value=next_lead,
            description=text(lang, "Next games:", "Дальше ходят:"),
        )
        self._new = w.Button(description=text(lang, "New game", "Новая игра"), icon="refresh")
        self._card = w.Text(
            placeholder=text(lang, "type a card, e.g. 9♥ or 9H", "введите карту, например 9♥ или 9H"),
            description=text(lang, "Card:", "Карта:"),
            continuous_update=False,
        )
        self._info = w.HTML()
        self._opponents = w.HTML()
        self._table = w.HTML()
        self._hand = w.HTML()
        self._actions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._log = w.HTML()
        self._status = status_line()
        for widget, cls in (
            (self._players, "durak-players"),
            (self._variant, "durak-variant"),
            (self._deck, "durak-deck"),
            (self._draw_order, "durak-draw-order"),
            (self._five, "durak-five"),
            (self._seed, "durak-seed"),
            (self._games, "durak-games"),
            (self._next_lead, "durak-next-lead"),
            (self._new, "durak-new"),
            (self._card, "durak-card"),
            (self._info, "durak-info"),
            (self._opponents, "durak-opponents"),
            (self._table, "durak-table"),
            (self._hand, "durak-hand"),
            (self._actions, "durak-actions"),
            (self._log, "durak-log"),
            (self._status, "durak-status"),
        ):
            widget.add_class(cls)
        setup = w.HBox(
            [
                self._players,
                self._variant,
                self._deck,
                self._draw_order,
                self._five,
                self._games,
                self._next_lead,
                self._seed,
                self._new,
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        super().__init__(
            [
                setup,
                self._info,
                self._opponents,
                self._table,
                self._hand,
                self._actions,
                self._card,
                self._status,
                self._log,
            ]
        )
        self._new.on_click(self._on_new)
        self._card.observe(self._on_card, names="value")
        self._state = None
        self._start()

    @property
    def state(self) -> dk.DurakState:
        """The game being played (a copy: the view's own game cannot be changed from outside)."""
        return self._state.clone()

    # ---- callbacks

    def _on_new(self, _button) -> None:
        self._start()

    @guarded
    def _start(self) -> None:
        state = dk.new_game(
            players=self._players.value,
            seed=self._seed.value,
            variant=self._variant.value,
            deck=self._deck.value,
            draw_order=self._draw_order.value,
            first_bout_five=self._five.value,
            games=self._games.value,
            next_lead=self._next_lead.value,
        )
        self._state = state
        self._rng = random.Random(self._seed.value)
        self._bots = {p: dk.HeuristicPlayer() for p in range(1, state.num_players)}
        play_bots(state, self._bots, self._rng)
        self._redraw()
        show(self._status, self._turn_text(), "info")

    def _on_label(self, label: str) -> None:
        self._act(lambda: self._state.apply_label(label))

    def _on_card(self, change) -> None:
        if change["new"].strip():
            self._act(lambda: self._state.apply(dk.card_action(self._state, 0, change["new"])))

    @guarded
    def _act(self, move) -> None:
        move()
        play_bots(self._state, self._bots, self._rng)
        self._redraw()
        show(self._status, self._turn_text(), "ok")

    # ---- drawing

    def _turn_text(self) -> str:
        s, lang = self._state, self.lang
        if s.is_over():
            return s.result().note(lang)
        if s.current_player == 0:
            what = {
                "attack": ("lead any card", "ходите любой картой"),
                "throw": (
                    "throw in a card of a rank on the table, or say «Бито»",
                    "подкиньте карту того же достоинства или скажите «Бито»",
                ),
                "defend": ("beat the cards, or take them", "отбейтесь или возьмите карты"),
                "add": ("add cards to the taker's, or stop", "докиньте берущему или закончите"),
            }[dk.PHASES[s.phase]]
            return text(lang, f"Your turn: {what[0]}.", f"Ваш ход: {what[1]}.")
        return text(lang, "You are out of the game; the others play on.", "Вы вышли из игры; остальные доигрывают.")

    def _redraw(self) -> None:
        s, lang = self._state, self.lang
        view = s.view(0)
        trump = s.trump_card
        shown = format_card(trump, lang) if view["trump_card"] else text(lang, "drawn", "взят")
        info = text(
            lang,
            f"Trump {' '.join(view['trump_suits'])} (card {shown}); deck {view['deck_count']}; "
            f"discarded {view['discard_count']}; player {s.attacker + 1} attacks player {s.defender + 1}.",
            f"Козыри {' '.join(view['trump_suits'])} (карта {shown}); в колоде {view['deck_count']}; "
            f"в отбое {view['discard_count']}; игрок {s.attacker + 1} ходит под игрока {s.defender + 1}.",
        )
        trump_pic = svg.card(trump, lang=lang, width=40) if view["trump_card"] else ""
        if s.options.games > 1:
            game_no = min(len(s.fools) + 1, s.options.games)
            scores = ", ".join(str(x) for x in view["scores"])
            info += text(
                lang,
                f" Game {game_no} of {s.options.games}; rating so far: {scores}.",
                f" Игра {game_no} из {s.options.games}; рейтинг: {scores}.",
            )
        self._info.value = f"<div class='durak-trump'>{trump_pic}<span>{html.escape(info)}</span></div>"
        opp = []
        for p in range(1, s.num_players):
            n = view["hand_sizes"][p]
            name = text(lang, f"Player {p + 1}", f"Игрок {p + 1}")
            state_txt = text(lang, "out", "вышел") if view["out"][p] else str(n)
            backs = svg.row([None] * min(n, 8), lang=lang, width=22, overlap=0.6) if n else ""
            opp.append(f"<div class='durak-opponent' data-player='{p + 1}'><b>{name}</b>: {state_txt} {backs}</div>")
        self._opponents.value = "".join(opp)
        table = s.table()
        if table:
            pairs = []
            for a, d in table:
                pic = svg.row([a] if d is None else [a, d], lang=lang, width=44, overlap=0.45)
                pairs.append(f"<span class='durak-pair'>{pic}</span>")
            self._table.value = "<div class='durak-bout'>" + "".join(pairs) + "</div>"
        else:
            self._table.value = (
                "<div class='durak-bout'>" + html.escape(text(lang, "The table is empty.", "Стол пуст.")) + "</div>"
            )
        hand = s.hand(0)
        self._hand.value = f"<div><b>{html.escape(text(lang, 'Your cards', 'Ваши карты'))}</b></div>" + svg.row(
            hand, lang=lang, width=48
        )
        buttons = []
        if not s.is_over() and s.current_player == 0:
            order = {c: i for i, c in enumerate(hand)}
            actions = sorted(s.legal_actions(), key=lambda a: order.get(getattr(a, "card", None), 99))
            for action in actions:
                button = w.Button(description=_short(action, lang), tooltip=action.explain(lang))
                button.add_class("durak-action")
                button.on_click(lambda _b, label=action.label: self._on_label(label))
                buttons.append(button)
        self._actions.children = buttons
        lines = [(e.text, e.rule) for e in s.log(lang)[-14:]]
        self._log.value = (
            "<ol class='durak-log-lines'>"
            + "".join(f"<li>{html.escape(x)} <small>{rule_link(rule, lang)}</small></li>" for x, rule in lines)
            + "</ol>"
        )


def _short(action, lang: str) -> str:
    """A button's text."""
    if isinstance(action, dk.Attack):
        return text(lang, f"Lead {action.card}", f"Ходить {format_card(action.card, 'ru')}")
    if isinstance(action, dk.ThrowIn):
        return text(lang, f"Throw in {action.card}", f"Подкинуть {format_card(action.card, 'ru')}")
    if isinstance(action, dk.Beat):
        return text(
            lang,
            f"Beat {action.attack} with {action.card}",
            f"Побить {format_card(action.attack, 'ru')} картой {format_card(action.card, 'ru')}",
        )
    if isinstance(action, dk.Take):
        return text(lang, "Take", "Взять")
    if action.after_take:
        return text(lang, "No more", "Больше нет")
    return text(lang, "«Бито» (done)", "«Бито»")


def beat_html(attack: str, defence: str, trump: str) -> str:
    """A worked case on cards: the trump card, the attack and the defence, and the engine's verdict in both languages."""
    a, d, t = parse_card(attack), parse_card(defence), parse_card(trump)
    ok = dk.beats(a, d, t)
    verdict = ("✔ beats · бьёт", "take") if ok else ("✘ does not beat · не бьёт", "error")
    cards = svg.row([a, d], lang="en", width=46, highlight={1: verdict[1]})
    return (
        "<div class='durak-case' style='display:flex;gap:1em;align-items:center;margin:.4em 0'>"
        f"<div style='text-align:center'>{svg.card(t, width=40)}<br><small>trump · козырь</small></div>"
        f"<div>{cards}</div>"
        f"<div><b>{verdict[0]}</b><br>{html.escape(dk.beat_reason(a, d, t, 'en'))}<br>"
        f"<i>{html.escape(dk.beat_reason(a, d, t, 'ru'))}</i></div></div>"
    )


def hands_html(state: dk.DurakState, lang: str = "en") -> str:
    """Every hand face up (for worked examples and exercises, never for a real game), the table and the trump."""
    rows = []
    for p in range(state.num_players):
        role = ""
        if not state.is_over():
            if p == state.attacker:
                role = text(lang, " (attacks)", " (ходит)")
            elif p == state.defender:
                role = text(lang, " (defends)", " (отбивается)")
        name = text(lang, f"Player {p + 1}", f"Игрок {p + 1}") + role
        rows.append(f"<div><b>{html.escape(name)}</b> {svg.row(state.hand(p), lang=lang, width=36)}</div>")
    table = state.table()
    if table:
        pics = "".join(svg.row([a] if d is None else [a, d], lang=lang, width=36, overlap=0.45) for a, d in table)
        rows.append(f"<div><b>{html.escape(text(lang, 'Table', 'Стол'))}</b> {pics}</div>")
    view = state.view(0)
    trump = format_card(state.trump_card, lang)
    rows.append(
        "<div>"
        + html.escape(
            text(
                lang,
                f"Trump card {trump}; stock {view['deck_count']} cards",
                f"Козырь {trump}; в колоде {view['deck_count']}",
            )
        )
        + "</div>"
    )
    return "<div class='durak-position'>" + "".join(rows) + "</div>"


def log_html(state: dk.DurakState, lang: str = "both", last: int | None = None) -> str:
    """The game's log, in one language or in both (English, then Russian in italics)."""
    en = [e.text for e in state.log("en")]
    ru = [e.text for e in state.log("ru")]
    pairs = list(zip(en, ru, strict=True))
    if last is not None:
        pairs = pairs[-last:]
    items = []
    for e, r in pairs:
        if lang == "en":
            items.append(f"<li>{html.escape(e)}</li>")
        elif lang == "ru":
            items.append(f"<li>{html.escape(r)}</li>")
        else:
            items.append(f"<li>{html.escape(e)}<br><i>{html.escape(r)}</i></li>")
    return "<ol class='durak-log-lines'>" + "".join(items) + "</ol>"


__all__ = ["BeatExplorer", "DurakGame", "beat_html", "hands_html", "log_html"]
