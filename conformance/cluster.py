"""Validating a corpus on a Dask cluster: ``unospec validate --dask SCHEDULER PATHS…``.

For logs that outgrow one machine (a game server validating a day of games). The
files are read here and sent to the cluster's workers, so the workers need no shared
file system, only unospec installed (``pip install 'unospec[dask]'`` on every node);
each worker validates whole files, and the verdicts come back in the order of the paths.
Dask was chosen over Ray because its distributed scheduler is a small pure-Python
package that a plain ``dask scheduler`` / ``dask worker`` pair (or any existing Dask
deployment) serves, and it starts a local test cluster in seconds.

At most ``2 × workers`` files are in flight at once, so the client never holds the
whole corpus in memory.
"""

from __future__ import annotations

import io
from typing import Any

from unospec.verdict import ERROR, UNUSABLE, Verdict


def validate_bytes(name: str, data: bytes, solver_seconds: float | None) -> Verdict:
    """One file's verdict from its contents (what a Dask worker runs)."""
    from unospec.validate import validate_binary

    try:
        return validate_binary(io.BytesIO(data), name, solver_seconds)
    except Exception as e:  # a bug in unospec: this file's verdict, not the run's end
        return Verdict(name, ERROR, f"the validator failed on this file: {type(e).__name__}: {e}")


def validate_on_dask(
    address: str | Any, paths: list[str], solver_seconds: float | None = None
) -> dict[int, Verdict]:
    """The verdicts on ``paths`` (by index), validated on the cluster at ``address`` (a
    scheduler address, or a ``distributed.Client``)."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ImportError(
            "--dask needs the distributed package: pip install 'unospec[dask]'"
        ) from None
    client = address if isinstance(address, Client) else Client(address)
    try:
        results: dict[int, Verdict] = {}
        queue = list(enumerate(paths))
        width = 2 * max(1, len(client.scheduler_info().get("workers", {})))
        running = as_completed()
        owner: dict[str, int] = {}

        def submit_next() -> None:
            while queue:
                i, path = queue.pop(0)
                try:
                    with open(path, "rb") as f:
                        data = f.read()
                except OSError as e:
                    results[i] = Verdict(path, UNUSABLE, f"cannot read the file: {e.strerror or e}")
                    continue
                future = client.submit(validate_bytes, path, data, solver_seconds, pure=False)
                owner[future.key] = i
                running.add(future)
                return

        for _ in range(width):
            submit_next()
        for future in running:
            i = owner.pop(future.key)
            try:
                results[i] = future.result()
            except Exception as e:  # the worker died or could not run the task
                results[i] = Verdict(
                    paths[i], ERROR, f"the Dask worker failed: {type(e).__name__}: {e}"
                )
            submit_next()
        return results
    finally:
        if client is not address:
            client.close()
