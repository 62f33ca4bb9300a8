"""A smoke run of the benchmark code (no timing is asserted: the numbers live in ``make bench``)."""

from __future__ import annotations

from conformance.bench import case_echo, case_engine, case_validate, run_case


def test_engine_case_counts_actions_and_games():
    r = case_engine(2, "official", {"V-SINGLE-ROUND": True}, 0.2)
    assert r["actions"] > 0 and r["games"] >= 1 and r["actions_per_s"] > 0


def test_validate_case_validates_real_traces():
    r = case_validate(1, 0.1)
    assert r["actions"] > 0 and r["traces"] == 1


def test_echo_floor_round_trips_through_the_protocol_client():
    r = case_echo(50)
    assert r["messages"] == 50 and r["messages_per_s"] > 0


def test_a_case_in_its_own_process_reports_peak_memory():
    r = run_case(
        "engine", players=2, profile="official", options={"V-SINGLE-ROUND": True}, seconds=0.1
    )
    assert r["games"] >= 1 and r["max_rss_mb"] > 0
