"""Only legal choices: in real Chromium, every player of a full-35 game (every role) sends every choice his
page offers (each value of each select at least once, the others at a legal default) through the page's own
forms, and the engine accepts every one (each then withdrawn). By day every candidate of the vote form is
accepted too."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from rankedmafia.server.settings import Settings
from rankedmafia.setup import preset

from .helpers import InProcessServer, join_all, random_move

# Runs in the page: fills and sends each form through fetch (the form's own fields, its CSRF token, the
# browser's cookie), once per offered value of each select, and withdraws after each accepted action.
WALK = """async ({exhaustive, copies}) => {
  const page = location.pathname;
  const sent = [], refused = [];
  const forms = [...document.querySelectorAll("#actions form[data-action]")];
  if (!forms.length) return { forms: 0, sent, refused };
  const csrf = forms[0].querySelector("input[name=csrf]").value;
  const phase = forms[0].querySelector("input[name=phase]").value;
  for (const form of forms) {
    const selects = [...form.querySelectorAll("select")];
    const values = selects.map(s => [...s.options].map(o => o.value).filter(v => v));
    const isTarget = selects.map(s => /^target/.test(s.name));
    const baseline = (fixed, value) => selects.map((s, i) => {
      if (i === fixed) return value;
      if (!s.required) return "";
      const taken = new Set();
      selects.forEach((t, j) => { if (j < i && isTarget[j] && isTarget[i]) taken.add(j === fixed ? value : null); });
      if (isTarget[i] && fixed >= 0 && isTarget[fixed]) taken.add(value);
      return values[i].find(v => !taken.has(v)) || "";
    });
    const plans = [baseline(-1, null)];
    const copy = form.getAttribute("data-action") === "copy";
    if (exhaustive && (!copy || copies)) {
      selects.forEach((s, i) => values[i].forEach(v => plans.push(baseline(i, v))));
    }
    const seen = new Set();
    for (const plan of plans) {
      // distinct targets: later target selects step aside from earlier ones
      const used = new Set();
      plan.forEach((v, i) => {
        if (!isTarget[i] || !v) return;
        if (used.has(v)) { plan[i] = values[i].find(x => !used.has(x)) || ""; }
        if (plan[i]) used.add(plan[i]);
      });
      const key = plan.join("|");
      if (seen.has(key)) continue;
      seen.add(key);
      const body = new URLSearchParams();
      // every plan is a send of its own: the form's one-time token is left out (sent twice, it is taken once)
      for (const input of form.querySelectorAll("input[type=hidden]")) {
        if (input.name !== "once") body.append(input.name, input.value);
      }
      selects.forEach((s, i) => { if (plan[i]) body.append(s.name, plan[i]); });
      [...form.querySelectorAll("input[type=checkbox]")].slice(0, 4).forEach(c => body.append(c.name, c.value));
      // an accepted form is answered by a redirect to the page (not followed: nothing to render)
      const r = await fetch(form.getAttribute("action"), { method: "POST", body, credentials: "same-origin",
                                                            redirect: "manual" });
      const what = form.getAttribute("data-action") + " " + body.toString();
      if (r.type === "opaqueredirect") {
        sent.push(what);
        const w = new URLSearchParams({ csrf, phase });
        const back = await fetch(page + "/withdraw", { method: "POST", body: w, credentials: "same-origin",
                                                       redirect: "manual" });
        if (back.type !== "opaqueredirect") refused.push("withdraw after " + what);
      } else {
        const html = await r.text();
        const error = new DOMParser().parseFromString(html, "text/html").querySelector("[role=alert]");
        refused.push(what + " → " + r.status + " " + (error ? error.textContent : ""));
      }
    }
  }
  return { forms: forms.length, sent, refused };
}"""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[InProcessServer]:
    running = InProcessServer(Settings(data=tmp_path / "data", tick_seconds=0.2, submit_burst=1_000_000,
                                       submit_rate=1_000_000)).start()
    yield running
    running.stop()


def walk(browser: Browser, server: InProcessServer, tokens: dict[str, str], exhaustive: bool) -> dict[str, Any]:
    page = browser.new_page()
    page.route("**/events", lambda route: route.abort())  # no live refresh of the page while it sends
    total: dict[str, Any] = {"forms": 0, "sent": 0, "refused": [], "roles": set(), "ranked_done": False}
    for name, token in tokens.items():
        page.goto(f"{server.url}/p/{token}")
        role = page.locator("#my-role").get_attribute("data-role") or ""
        # the ranked mafiosi share one boss action: one of them walks it (the Council's questions) in full
        ranked = role in ("mafia1", "mafia2", "mafia3")
        full = exhaustive and not (ranked and total["ranked_done"])
        # the joker sends each role and action he may copy (their targets: the same lists as the roles')
        result = page.evaluate(WALK, {"exhaustive": full, "copies": False})
        total["ranked_done"] = total["ranked_done"] or (ranked and full)
        total["forms"] += result["forms"]
        total["sent"] += len(result["sent"])
        total["refused"] += [f"{name} ({role}): {r}" for r in result["refused"]]
        if result["sent"]:
            total["roles"].add(role)
    page.close()
    return total


def test_every_offered_choice_of_every_role_is_accepted(browser: Browser, server: InProcessServer) -> None:
    api = httpx.Client(base_url=server.url, timeout=30)
    setup = preset("full-35")
    r = api.post("/api/games", json={"preset": "full-35", "night_seconds": 3600, "day_seconds": 3600})
    game = r.json()
    tokens = join_all(api, game["id"], setup.players)
    admin = game["admin_token"]
    api.post(f"/api/host/{admin}/start")
    roles = {s["name"]: s["role"] for s in api.get(f"/api/host/{admin}", params={"everything": True}).json()["seats"]}
    first = walk(browser, server, tokens, exhaustive=True)
    assert not first["refused"], "\n".join(first["refused"][:20])
    acting = {r for r in roles.values() if r not in ("civilian", "sergeant", "avenger", "handsome", "dandelion",
                                                    "werewolf", "double_agent", "mafia2", "mafia3", "reanimator")}
    assert acting <= first["roles"], acting - first["roles"]  # every role with a night action sent one
    assert first["sent"] > 500

    rng = random.Random(7)
    for _later in range(2):  # later nights: the limits that depend on last night (repeats, the joker...)
        for _ in range(2):
            for token in tokens.values():
                random_move(api, token, rng)
            api.post(f"/api/host/{admin}/resolve")
            api.post(f"/api/host/{admin}/resolve")
        info = api.get(f"/api/games/{game['id']}").json()["game"]
        if info["phase"] != "night" or info["resolving"] or info["status"] != "running":
            continue  # a day, or the reanimator's step (his revive ends the night: nothing to withdraw)
        later = walk(browser, server, tokens, exhaustive=False)
        assert not later["refused"], "\n".join(later["refused"][:20])
    # by day, every candidate offered to one voter is taken
    while api.get(f"/api/games/{game['id']}").json()["game"]["phase"] != "day":
        api.post(f"/api/host/{admin}/resolve")
    alive = [s["name"] for s in api.get(f"/api/games/{game['id']}").json()["seats"] if s["alive"]]
    page = browser.new_page()
    page.goto(f"{server.url}/p/{tokens[alive[0]]}/thread")
    for value in page.locator("#vote-choice option").evaluate_all("os => os.map(o => o.value).filter(v => v)"):
        page.locator("#vote-choice").select_option(value)
        page.locator("#vote-form button").click()
        page.wait_for_function("v => document.querySelector('#my-vote') && "
                               "document.querySelector('#my-vote').textContent.length > 0", arg=value)
        assert not page.locator("[role=alert]").count()
