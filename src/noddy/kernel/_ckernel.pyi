"""Types of the compiled kernel: module.c assembling core/ (state.c, flow.c, score.c, chance.c) and the
adapters players/, sim/, analysis/ and research/ (one folder a layer; see module.c)."""

from collections.abc import Sequence
from typing import Any, TypeVar

_T = TypeVar("_T")

CONFIG_FIELDS: tuple[tuple[str, int], ...]
PHASES: tuple[str, ...]
EVENT_KINDS: tuple[str, ...]
TALLIES: tuple[str, ...]
ACTION_KINDS: tuple[str, ...]
PLAYERS: tuple[str, ...]
FIRST_DEALERS: tuple[str, ...]
FLUSH_READINGS: tuple[str, ...]
KNAVE_WHEN: tuple[str, ...]
WRONG_COUNTS: tuple[str, ...]
CRIB_KINDS: tuple[str, ...]
ACES: tuple[str, ...]
OBS_FIELDS: tuple[str, ...]
MAX_ACTIONS: int
MAX_COUNTED: int

class Config:
    def __init__(self, values: Sequence[int], /) -> None: ...

class State:
    def __init__(self, config: Config, /) -> None: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def phase(self) -> int: ...
    @property
    def to_act(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def winner(self) -> int: ...
    @property
    def turnup(self) -> int: ...
    @property
    def partners(self) -> bool: ...
    def copy(self) -> State: ...
    def legal(self) -> list[int]: ...
    def apply(self, action: int, /) -> None: ...
    def shuffle(self, order: Sequence[int], /) -> None: ...
    def cut(self, cards: Sequence[int], /) -> None: ...
    def draw_dealer(self, seat: int, /) -> None: ...
    def choose(self, policy: object, /) -> int: ...
    def events(self) -> list[tuple[int, int, int]]: ...
    def place(
        self,
        dealer: int,
        to_act: int,
        last_player: int,
        last_was_go: int,
        turnup: int,
        gone: int,
        deal_number: int,
        scores: Sequence[int],
        hands: Sequence[Sequence[int]],
        held: Sequence[Sequence[int]],
        cribs: Sequence[Sequence[int]],
        discards: Sequence[Sequence[int]],
        pile: Sequence[int],
        /,
    ) -> None: ...
    def key(self) -> bytes: ...
    def rollout(self, seed: int, /) -> int: ...

def select(items: list[_T], selector: bytes | bytearray, /) -> list[_T]: ...
def play_game(
    config: Config, seed: int, kinds: bytes, /
) -> tuple[
    tuple[int, ...], int, int, tuple[tuple[int, tuple[int, ...]], ...], tuple[tuple[int, ...], ...], int
]: ...
def play_batch(config: Config, base_seed: int, start: int, stop: int, kinds: bytes, /) -> dict[str, Any]: ...
def count_hands(
    config: Config, cards: Sequence[int], crib: bool, /
) -> tuple[tuple[int, ...], tuple[int, ...]]: ...
def discard_values(
    config: Config,
    hand: int,
    laid: Sequence[int],
    pool: int,
    turnup: int,
    own_crib: int,
    sign: int,
    unknown: int,
    /,
) -> list[float]: ...
def greedy_deal(state: State, /) -> None: ...
def search(
    state: State,
    side: int,
    base: Sequence[int],
    budget: int,
    opponents: int,
    leaf: int,
    win: float,
    tie: float,
    board: object,
    target: int,
    dealer: int,
    /,
) -> tuple[float, int, int]: ...

GREEDY: object  # the greedy player as a policy (State.choose, board_table, board_games)
def board_table(config: Config, deals: int, seed: int, policy: object, rows: bool = True, /) -> bytes: ...
def board_pass(config: Config, deals: Sequence[Sequence[tuple[int, int]]], /) -> bytes: ...
def board_games(
    config: Config, scores: Sequence[int], dealer: int, games: int, seed: int, policy: object, /
) -> tuple[int, ...]: ...
def deal_rollouts(
    config: Config,
    seat: int,
    dealer: int,
    deal_number: int,
    turnup: int,
    scores: Sequence[int],
    hand: Sequence[int],
    own_crib: Sequence[int],
    pool: int,
    laid: Sequence[int],
    samples: int,
    seed: int,
    win: float,
    outcomes: bytearray | None = None,
    /,
) -> tuple[list[float], list[float], list[float]]: ...

# The observation's layout (research/layout.c): each field's start by OBS_FIELDS, size, num_actions,
# each action kind's first index by ACTION_KINDS, the lay-aways as position bits, each phase's place
# by PHASES, the cards dealt, the board's holes (`noddy.kernel.kernel_layout`).
Layout = tuple[tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]

class ViewWriter:
    def __init__(self, players: int, sides: int, layout: Layout, /) -> None: ...
    def write(
        self,
        out: object,
        seat: int,
        side: int,
        hand: int,
        held: int,
        discards: int,
        own_crib: int,
        shown: int,
        pile: int,
        played: tuple[int, ...],
        turnup: int,
        count: int,
        place: int,
        dealer: int,
        to_act: int,
        scores: tuple[int, ...],
        sizes: tuple[int, ...],
        counting: int,
        counted_seat: int,
        declarer: int,
        missed: int,
        mask: object | None,
        low: int,
        lay_away_from: int,
        /,
    ) -> None: ...

class VecEnv:
    def __init__(
        self,
        config: Config,
        n: int,
        seat: int,
        kinds: bytes,
        layout: Layout,
        peg_reward: float,
        stakes: tuple[float, ...],
        record: bool,
        obs: object,
        mask: object,
        final_obs: object,
        final_mask: object,
        rewards: object,
        terminated: object,
        to_act: object,
        /,
    ) -> None: ...
    def reset(self, seed: int, /) -> None: ...
    def step(self, actions: object, /) -> None: ...
    def sample(self, out: object, /) -> None: ...
    def history(self, i: int, last: bool = ..., /) -> list[tuple[str, Any]]: ...

class StateObserver:
    def __init__(self, config: Config, layout: Layout, /) -> None: ...
    def act(self, state: State, index: int, named: int, /) -> int: ...
    def legal(self, state: State, /) -> list[int]: ...
    def index_of(self, state: State, code: int, /) -> int: ...
    def scan(self, state: State, named: int, /) -> int: ...
    def write(self, state: State, named: int, seat: int, obs: object, mask: object, /) -> None: ...
    def observe(self, state: State, named: int, seat: int, /) -> tuple[Any, Any]: ...
    def observe_as(
        self, state: State, named: int, seat: int, obs_key: str, mask_key: str, /
    ) -> dict[str, Any]: ...
