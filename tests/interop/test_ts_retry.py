"""@marketplay/client's Node transports retry a refused HTTP/2 stream once, and nothing else.

A server that is closing a connection (the gRPC port's --max-connection-age-ms)
refuses the streams that race its GOAWAY; Node reports that as an error.
"""

from __future__ import annotations

import json
import shutil
import subprocess

from tests.interop.ts_client import TS_DIR, built_play_js, child_env

SCRIPT = """
import { Code, ConnectError } from "@connectrpc/connect";
import { retryRefusedStream } from "./dist/node.js";

const refused = () => new ConnectError("Stream closed with error code NGHTTP2_REFUSED_STREAM", Code.Internal);
async function run(failures, error, stream = false) {
  let calls = 0;
  const next = async () => { calls += 1; if (calls <= failures) throw error(); return "answer"; };
  try {
    return { result: await retryRefusedStream(next)({ stream }), calls };
  } catch (err) {
    return { result: `refused: ${err.message}`, calls };
  }
}
const other = () => new ConnectError("bad state", Code.InvalidArgument);
console.log(JSON.stringify({
  once: await run(1, refused),
  twice: await run(2, refused),
  other: await run(1, other),
  stream: await run(1, refused, true),
}));
"""


def test_a_refused_stream_is_retried_once_and_other_errors_never() -> None:
    built_play_js()
    node = shutil.which("node")
    assert node is not None
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT], cwd=TS_DIR, env=child_env(),
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen["once"] == {"result": "answer", "calls": 2}
    assert seen["twice"]["calls"] == 2 and "NGHTTP2_REFUSED_STREAM" in seen["twice"]["result"]
    assert seen["other"]["calls"] == 1 and "bad state" in seen["other"]["result"]
    assert seen["stream"]["calls"] == 1  # a stream's messages may be gone: never replayed
