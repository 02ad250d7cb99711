"""The Durak views: the beat explorer and the playable game, driven in Python."""

from __future__ import annotations

from rules import durak as dk
from rules.cards import format_card, parse_cards
from widgets.games.durak import BeatExplorer, DurakGame


def test_the_explorer_lights_the_cards_that_beat_and_says_why():
    view = BeatExplorer("BJ", "8♠")
    # «при черном джокере, 8 треф не может отбить 8 пик»: 9♣ can, 8♣ cannot
    assert "9♣" in [str(c) for c in view.beaters]
    assert "8♣" not in [str(c) for c in view.beaters]
    assert "9♣ beats 8♠: with the black joker turned up" in view._reasons.value
    assert view._picture.value.count("hl-take") == len(view.beaters) == 13
    assert "hl-select" in view._picture.value
    assert "Who beats whom" in view._table.value
    assert "rules.html#durak-jokers" in view._reasons.value


def test_changing_the_trump_redraws_from_the_engine():
    view = BeatExplorer("7♥", "A♥", lang="ru")
    assert [str(c) for c in view.beaters] == ["RJ"]  # only the top joker beats the ace of trumps
    assert "красный джокер — самая старшая карта" in view._reasons.value
    view._trump.value = "7♠"
    # A♥ is no trump now: the nine spades, the black (top) joker and the red joker beat it
    assert set(view.beaters) == set(parse_cards("6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ BJ RJ"))
    assert "Козырь 7♠" in view._status.value


def test_nothing_beats_the_top_joker():
    view = BeatExplorer("6♦", "RJ")
    assert view.beaters == []
    assert "Nothing beats RJ" in view._reasons.value


def test_the_52_card_pack_adds_the_low_ranks():
    view = BeatExplorer("7♥", "6♣")
    view._deck.value = 52
    assert len(view._trump.options) == 54
    assert view.trump == parse_cards("7♥")[0] and view.attack == parse_cards("6♣")[0]  # kept
    view._attack.value = "2♣"
    assert "3♣" in [str(c) for c in view.beaters]


def test_changing_the_pack_says_which_cards_had_to_change():
    view = BeatExplorer("2♣", "3♠", deck=52)
    view._deck.value = 36
    # 2♣ and 3♠ are not in the 36-card pack: the lowest card of each suit, and the reader is told
    assert (str(view.trump), str(view.attack)) == ("6♣", "6♠")
    assert "2♣ is not in the 36-card pack: 6♣ instead" in view._status.value
    assert "3♠ is not in the 36-card pack: 6♠ instead" in view._status.value
    ru = BeatExplorer("2♣", "9♠", deck=52, lang="ru")
    ru._deck.value = 36
    assert "2♣ нет в колоде из 36 карт: вместо неё 6♣" in ru._status.value and str(ru.attack) == "9♠"


def _human_turn(game):
    state = game.state
    return state.current_player == 0 and not state.is_over()


def _log(game) -> str:
    return "\n".join(line.text for line in game.log_entries())


def test_the_game_starts_with_bots_and_offers_the_human_legal_moves():
    game = DurakGame(players=3, seed=1)
    assert _human_turn(game)
    labels = game.buttons()
    assert labels and all(x.startswith("Lead ") for x in labels)
    assert game.status_text() == "Player 1, your turn."
    assert "attacks" in game.hand_html() and "Game 1" in _log(game)


def test_clicking_a_button_plays_and_the_bots_answer():
    game = DurakGame(players=2, seed=4)  # the human holds the lowest trump
    assert game.state.phase == dk.ATTACK and _human_turn(game)
    game.press(game.buttons()[0])
    while _human_turn(game) and game.state.phase == dk.THROW:
        game.press(game.buttons()[-1])  # «Бито»: no more cards from the human now
    assert any(a.player == 1 for a in game.state.history)  # the bot has answered
    assert game.status_kind() != "error"
    assert "Player 1 leads" in _log(game)


def test_a_bad_card_changes_nothing_and_says_which_token():
    game = DurakGame(players=2, seed=3)
    key = game.state.replay_key()
    game.type_move("Z♦")
    assert "Z♦" in game.status_text() and game.status_kind() == "error"
    assert game.state.replay_key() == key


def test_a_card_not_held_is_refused_in_russian():
    game = DurakGame(players=2, seed=3, lang="ru")
    key = game.state.replay_key()
    hand = game.state.hand(0)
    missing = next(c for c in dk.game_deck(36) if c not in hand)
    game.type_move(str(missing))
    assert game.status_text().startswith(f"у игрока 1 нет карты {format_card(missing, 'ru')} (правило: ")
    assert game.state.replay_key() == key


def test_typing_a_card_plays_it():
    game = DurakGame(players=2, seed=4)
    card = game.state.hand(0)[0]
    game.type_move(card.__str__().replace("♠", "S").replace("♣", "C").replace("♥", "H").replace("♦", "D"))
    assert game.state.history[0].card == card and card not in game.state.hand(0)


def test_a_whole_game_can_be_played_by_clicking():
    game = DurakGame(players=4, seed=11, variant="jokers", deck=52)
    for _ in range(400):
        if not game.buttons():
            break
        game.press(game.buttons()[0])
    assert game.state.is_over() or not _human_turn(game)
    assert "Traceback" not in game.status_text()


def test_new_game_uses_the_options():
    game = DurakGame(players=2, seed=0)
    game.new_game(players=6, variant="jokers")
    assert game.state.num_players == 6 and game.state.options.variant == "jokers"
    # six players are not allowed in the classic game: the engine's message, nothing changes
    key = game.state.replay_key()
    game.new_game(variant="classic")
    assert game.state.replay_key() == key and game.state.options.variant == "jokers"
    assert "2 to 4" in game.status_text()


def test_the_options_are_offered_by_their_names():
    game = DurakGame(players=2, seed=0, lang="ru")
    assert ("из-под дурака", "from_under") in game.control("rb-option-next_lead").options
    assert game.control("rb-option-games").max == 100


def test_a_position_plays_saves_and_loads_in_the_app():
    game = DurakGame(setup="throw_in_and_beat", seats=("human", "human", "human"))
    assert "A position" in _log(game)
    for label in ("Lead 7♥", '«Бито» ("beaten")', "Beat 7♥ with 9♥"):
        game.press(label)
    assert [a.label for a in game.state.history] == ["P1 leads 7♥", "P1 done", "P2 beats 7♥ with 9♥"]
    saved, key = game.save(), game.state.replay_key()
    game.new_game()
    game.load(saved)
    assert game.state.replay_key() == key and game.status_kind() != "error"
    game.undo()
    assert [a.label for a in game.state.history] == ["P1 leads 7♥", "P1 done"]


def test_the_state_is_read_only():
    game = DurakGame(players=2, seed=0)
    copy = game.state
    copy.hands[0].clear()
    assert game.state.hands[0]


def test_the_log_links_every_move_to_its_rule():
    game = DurakGame(players=2, seed=4)
    game.press(game.buttons()[0])
    hrefs = [line.href for line in game.log_entries()]
    assert any(h.endswith("rules.html#durak-attack") for h in hrefs)
    assert any(h.endswith("rules.html#durak-first") for h in hrefs)


def test_rule_links_use_the_anchors_sphinx_makes():
    from widgets.common import rule_link as _rule_link

    assert 'rules.html#durak-throw-in"' in _rule_link("durak.throw_in", "en")
    assert "Подкидывание" in _rule_link("durak.throw_in", "ru")


def test_a_match_shows_the_rating():
    game = DurakGame(players=2, seed=0, games=3, next_lead="from_under")
    assert "Game 1 of 3" in game.table_html()
    for _ in range(2000):
        if not game.buttons():
            break
        game.press(game.buttons()[-1])
    assert game.state.is_over() and len(game.state.fools) == 3
    assert "The fools, game by game: player" in game.status_text()
