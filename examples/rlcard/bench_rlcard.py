"""Random legal play on RLCard's UnoGame: actions and games per second (run in examples/rlcard/.venv).

Usage: python bench_rlcard.py PLAYERS SECONDS  ->  prints one JSON line
"""

import json
import random
import sys
import time

from rlcard.games.uno.game import UnoGame


def main() -> None:
    players, seconds = int(sys.argv[1]), float(sys.argv[2])
    rng = random.Random(0)
    game = UnoGame(num_players=players)
    game.np_random.seed(0)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            actions += 1
        games += 1
    dt = time.perf_counter() - start
    print(json.dumps({"engine": "rlcard", "players": players, "actions_per_s": actions / dt, "games_per_s": games / dt,
                      "actions": actions, "games": games, "seconds": dt}))


if __name__ == "__main__":
    main()
