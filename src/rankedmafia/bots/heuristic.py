"""A heuristic policy: plays sensibly from what its player knows, and nothing else.

Everything it decides comes from the player's view (`Game.view`: his role, his clan, the seats with the
roles made public, the public log and his own private information), his legal actions and who is alive:

- what the player knows for sure is gathered in `Knowledge`: the checks he received (the commissar, the
  sergeant, the vagrant: info entries {kind: check, target, result}), the nicknames exposed in public
  (event "exposed": a boss or a doctor), the roles revealed in public (deaths, hangings, the serum), the
  killers a witness saw, and for a mafioso his clan;
- the town votes for a living player known to be mafia (the first in seat order, so that its votes meet),
  else for a suspect the witness saw, else for the player public facts make the most suspect (who voted
  most for players since revealed as town: `Knowledge.town_target`), which every town player computes
  alike, so that the town's votes meet as after a forum discussion;
- the commissar kills a checked mafioso, else checks a player he has not checked yet;
- the doctor heals a publicly known commissar, else himself or a random other (a refused repeat is
  replaced by another choice); the girl and the cop visit known mafia or random unknown players;
- the mafia never kill or vote for each other; the boss kills a revealed commissar, sergeant, doctor or
  sheriff first, else a random player outside the clan, and the clan votes as one: for a revealed
  dangerous role, else with the town's own choice when it is not one of theirs, else for the player who
  voted most against the clan;
- the maniac kills quietly a revealed killer or a random player;
- the reanimator, told tonight's dead by the host after everyone else, revives one he does not suspect
  (known town first, then the unknown; never a known mafioso or one the witness saw killing);
- the joker copies a random action of a random role of the setup;
- any other role plays its first action on a random player it does not know to be an ally; actions that
  take an option (heal_from, the Council question) are left aside.

Every move is one the engine offers (`Game.choices`): of the targets it prefers, it sends the first its
choice offers, so that nothing it sends is refused and no rule is restated here.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rankedmafia.bots.choosing import offered, send_choice
from rankedmafia.rules.choices import Choice
from rankedmafia.rules.game import Game
from rankedmafia.rules.model import BLUE, Act, Side
from rankedmafia.rules.roles import ROLES
from rankedmafia.rules.view import PlayerView

DANGEROUS = ("commissar", "sergeant", "doctor", "sheriff", "vagrant", "cop")
MAFIA_SIDE = frozenset(role.id for role in ROLES.values() if role.side is Side.MAFIA)
TOWN_SIDE = frozenset(role.id for role in ROLES.values() if role.side is Side.TOWN)


@dataclass(slots=True)
class Knowledge:
    """What one player knows for sure (and what he suspects), read from his view."""

    me: str
    role: str
    seats: list[str]
    living: list[str]
    clan: dict[str, str] = field(default_factory=dict)
    boss: str | None = None
    roles: dict[str, str] = field(default_factory=dict)  # name -> a role he knows this player has (had)
    mafia: set[str] = field(default_factory=set)  # known to be mafia
    town: set[str] = field(default_factory=set)  # known not to be mafia
    checked: set[str] = field(default_factory=set)
    suspects: set[str] = field(default_factory=set)  # seen killing by the witness
    votes_against: dict[str, int] = field(default_factory=dict)  # voter -> red votes against his clan
    public_town: set[str] = field(default_factory=set)  # players whose town role everybody knows
    ballots: list[dict[str, str]] = field(default_factory=list)  # each past day's public votes
    day: int = 0

    @classmethod
    def of(cls, view: PlayerView) -> Knowledge:
        seats = [seat.name for seat in view.seats]
        living = [seat.name for seat in view.seats if seat.alive]
        know = cls(view.name, view.role, seats, living, dict(view.clan), view.boss, day=view.phase_number)
        for seat in view.seats:
            if seat.role is not None:
                know.learn_role(seat.name, seat.role)
                if seat.role in TOWN_SIDE and seat.name != view.name and seat.name not in view.clan:
                    know.public_town.add(seat.name)
        for entry in view.log:
            kind = entry.get("type")
            if kind == "info":
                know.learn_info(entry)
            elif kind == "exposed":
                what = entry.get("what")
                if what == "boss":
                    know.mafia.add(entry["player"])
                elif isinstance(what, str):
                    know.learn_role(entry["player"], what)
            elif kind == "serum" and entry.get("role"):
                know.learn_role(entry["player"], entry["role"])
            elif kind == "votes":
                ballot: dict[str, str] = dict(entry.get("votes", {}))
                know.ballots.append(ballot)
                for voter, choice in ballot.items():
                    if choice in know.clan and voter not in know.clan:
                        know.votes_against[voter] = know.votes_against.get(voter, 0) + 1
        for name in know.clan:
            know.mafia.add(name)
        if not view.clan:
            know.town.add(view.name)
        return know

    def learn_role(self, name: str, role: str) -> None:
        self.roles[name] = role
        if role in MAFIA_SIDE:
            self.mafia.add(name)
        elif role in TOWN_SIDE:
            self.town.add(name)

    def learn_info(self, entry: dict[str, object]) -> None:
        info = entry.get("kind")
        target = entry.get("target")
        if info == "check" and isinstance(target, str):
            self.checked.add(target)
            if entry.get("result") == "mafia":
                self.mafia.add(target)
            elif entry.get("result") == "not_mafia":
                self.town.add(target)
        elif info == "witness" and isinstance(entry.get("result"), str):
            self.suspects.add(str(entry["result"]))
        elif info == "serum" and isinstance(target, str) and isinstance(entry.get("result"), str):
            self.learn_role(target, str(entry["result"]))

    # --- questions ------------------------------------------------------------------------------
    def alive(self, names: Iterable[str]) -> list[str]:
        """The living among `names`, in seat order (so that players who think alike agree)."""
        wanted = set(names)
        return [name for name in self.living if name in wanted]

    def others(self) -> list[str]:
        return [name for name in self.living if name != self.me]

    def unknown(self) -> list[str]:
        """Living others he does not know to be on either side."""
        return [n for n in self.living if n != self.me and n not in self.town and n not in self.mafia]

    def outsiders(self) -> list[str]:
        """For a mafioso: the living outside his clan."""
        return [name for name in self.living if name not in self.clan]

    def town_target(self) -> str | None:
        """The player the town agrees to hang without private knowledge, computed from public facts only
        (so that every town player, and the mafia too, finds the same): among the living not publicly known
        to be town, the one who voted most often for players since revealed as town; ties go by seat,
        starting from a seat that moves with the day."""
        pool = [n for n in self.living if n not in self.public_town]
        if not pool:
            return None
        suspicion = dict.fromkeys(pool, 0)
        for ballot in self.ballots:
            for voter, choice in ballot.items():
                if voter in suspicion and choice in self.public_town:
                    suspicion[voter] += 1
        offset = self.day % len(pool)
        rotated = pool[offset:] + pool[:offset]
        return max(rotated, key=lambda n: suspicion[n])

    def revealed(self, roles: Sequence[str]) -> list[str]:
        """The living whose role he knows to be one of `roles`, in the order of `roles`."""
        found = [(roles.index(role), self.seats.index(name)) for name, role in self.roles.items()
                 if role in roles and name in self.living and name not in self.clan]
        return [self.seats[seat] for _, seat in sorted(found)]


class HeuristicPolicy:
    """Plays each seat from its view: see the module's docstring."""

    __slots__ = ("_offered", "rng")

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._offered: dict[str, Choice] = {}  # the choices of the player it is playing now, by action

    # --- the night ------------------------------------------------------------------------------
    def act(self, game: Game, name: str) -> None:
        own = game.actions_of(name)
        if not own:
            return
        choices = game.choices(name)  # not the revive: the Game offers it once its follow-up step asks him
        copies = [c for c in choices if c.copies]
        if copies:  # the joker: a random copy
            send_choice(self.rng, game, name, copies[0])
            return
        actions = {c.action: c for c in choices if c.option is None}
        self._offered = actions
        if not actions:
            return
        know = Knowledge.of(game.view(name))
        if know.clan:
            self._mafia_night(game, know, actions)
        elif know.role == "commissar":
            targets = know.alive(know.mafia - {name})
            if targets and "kill" in actions:
                self._try(game, name, "kill", [[targets[0]]])
            else:
                unknown = know.unknown()
                fresh = [n for n in unknown if n not in know.checked] or unknown or know.others()
                self._try(game, name, "check", self._singles(fresh))
        elif know.role == "vagrant":
            fresh = [n for n in know.unknown() if n not in know.checked] or know.others()
            self._try(game, name, "check", self._singles(fresh))
        elif know.role == "doctor":
            self._doctor(game, know)
        elif know.role == "maniac":
            first = know.revealed(DANGEROUS)
            pool = first + self._shuffled(know.others())
            self._try(game, name, "kill_quick" if "kill_quick" in actions else next(iter(actions)),
                      [[target] for target in pool])
        elif know.role == "sheriff":
            known = know.alive(know.mafia | know.suspects)
            if known:
                self._try(game, name, "kill", [[target] for target in known])
            elif self.rng.random() < 0.5:
                self._try(game, name, "kill", self._singles(know.unknown()))
        else:
            self._town_other(game, know, actions)

    def _mafia_night(self, game: Game, know: Knowledge, actions: dict[str, Choice]) -> None:
        me = know.me
        if "kill" in actions:
            if know.boss not in (me, None):
                return  # the boss speaks for the clan; the others wait unless he cannot act
            first = know.revealed(DANGEROUS)
            pool = first + self._shuffled([n for n in know.outsiders() if n not in first])
            self._try(game, me, "kill", [[target] for target in pool])
        elif "interview" in actions:
            pool = [n for n in know.outsiders() if n not in know.roles]
            self._try(game, me, "interview", self._singles(pool or know.outsiders()))
        elif "defend" in actions:
            danger = sorted(know.alive(know.clan), key=lambda n: (n != know.boss, know.seats.index(n)))
            self._try(game, me, "defend", [[target] for target in danger])
        else:
            action = next(iter(actions))
            self._try(game, me, action, self._singles(know.outsiders()))

    def _doctor(self, game: Game, know: Knowledge) -> None:
        me = know.me
        commissars = know.revealed(("commissar",))
        others = self._shuffled([n for n in know.others() if n not in know.mafia])
        pool = commissars + ([me, *others] if self.rng.random() < 0.5 else [*others, me])
        self._try(game, me, "heal", [[target] for target in dict.fromkeys(pool)])

    def _town_other(self, game: Game, know: Knowledge, actions: dict[str, Choice]) -> None:
        me = know.me
        known = know.alive(know.mafia)
        unknown = self._shuffled(know.unknown())
        if "block" in actions or "guard" in actions:
            action = "block" if "block" in actions else "guard"
            if action == "guard":
                pool = know.revealed(("commissar", "doctor")) + unknown
            else:
                exposed = [n for n in known if n not in know.roles]  # an exposed boss first
                pool = exposed + known + unknown
            self._try(game, me, action, [[target] for target in dict.fromkeys(pool)])
        elif "watch" in actions:
            pool = know.revealed(("commissar", "doctor")) + unknown
            self._try(game, me, "watch", [[target] for target in dict.fromkeys(pool)])
        elif "prosecute" in actions:
            self._try(game, me, "prosecute", [[target] for target in (known + unknown)])
        elif "compare" in actions:
            if len(unknown) >= 2:
                self._try(game, me, "compare", [unknown[:2], unknown[-2:]])
        else:
            self._try(game, me, next(iter(actions)), self._singles(unknown or know.others()))

    def revive(self, game: Game, name: str, deaths: Sequence[str]) -> None:
        """Revives one of tonight's dead he does not suspect: known town first, then the unknown."""
        know = Knowledge.of(game.view(name))
        self._offered = {c.action: c for c in game.choices(name)}  # asked, the revive is all he may send
        trusted = [d for d in deaths if d != name and d not in know.mafia and d not in know.suspects]
        town = [d for d in trusted if d in know.town or d in know.public_town]
        others = self._shuffled([d for d in trusted if d not in town])
        action = next(iter(self._offered), None)
        if action is not None:
            self._try(game, name, action, [[target] for target in town + others])

    # --- the day --------------------------------------------------------------------------------
    def vote(self, game: Game, name: str) -> None:
        know = Knowledge.of(game.view(name))
        if know.clan:
            game.vote(name, self._clan_target(know))
            return
        if know.role == "maniac":
            game.vote(name, self.rng.choice(know.others() or [BLUE]))
            return
        known = know.alive(know.mafia - {name}) or know.alive(know.suspects - know.town - {name})
        if known:
            game.vote(name, known[0])
            return
        target = know.town_target()
        if target is not None and target != name and target not in know.town:
            game.vote(name, target)
            return
        pool = know.unknown()
        game.vote(name, self.rng.choice(pool) if pool else BLUE)

    def _clan_target(self, know: Knowledge) -> str:
        """The whole clan computes the same target from what it shares, so that its votes meet."""
        first = know.revealed(DANGEROUS)
        if first:
            return first[0]
        bandwagon = know.town_target()  # join the town's own choice when it falls outside the clan
        if bandwagon is not None and bandwagon not in know.clan:
            return bandwagon
        outsiders = know.outsiders()
        if not outsiders:
            return BLUE
        offset = know.day % len(outsiders)
        rotated = outsiders[offset:] + outsiders[:offset]
        return max(rotated, key=lambda n: know.votes_against.get(n, 0))

    # --- helpers --------------------------------------------------------------------------------
    def _shuffled(self, names: Sequence[str]) -> list[str]:
        out = list(names)
        self.rng.shuffle(out)
        return out

    def _singles(self, names: Sequence[str]) -> list[list[str]]:
        return [[target] for target in self._shuffled(names)]

    def _try(self, game: Game, name: str, action: str, preferred: Sequence[Sequence[str]]) -> bool:
        """Sends the first of the `preferred` targets that his choice of `action` offers (a repeat the
        rules forbid is passed over for the next)."""
        choice = self._offered.get(action)
        if choice is None:
            return False
        for targets in preferred:
            if offered(choice, targets):
                game.submit(Act(name, action, tuple(targets)))
                return True
        return False
