"""Builds the JVM client (clients/jvm) with Debian's Maven into the release's jar, and its player, cached.

`mvn -Pdebian package` generates the messages and stubs from proto/ (protoc
3.21 and grpc-java 1.41's plugin from Debian, in the pom's generate-sources),
compiles them with the client (src/main), runs its unit tests (src/test) and
makes the jar a user puts on a classpath; `dependency:build-classpath` writes the runtime classpath the pom
resolves. Maven reads Debian's repository, /usr/share/maven-repo, through a
file:// mirror of every remote (no network), into a local repository of the
build's own. The player (src/play) is compiled against the jar and that
classpath only. The build is cached under a key of everything it reads: the
client's sources, the contract's .proto files and the generators' versions,
so a contract change always rebuilds and no earlier build's classes stand in.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from tests.interop.native_clients import ROOT, cached_build, files, release, run, source_key, tool_version

JVM_ROOT = ROOT / "clients" / "jvm"
DEBIAN_MAVEN_REPO = Path("/usr/share/maven-repo")
#: The pom's default `grpc-java.plugin` (Debian's; it has no --version, so its bytes key the cache).
GRPC_JAVA_PLUGIN = Path("/usr/bin/grpc_java_plugin")
SETTINGS = f"""<settings>
  <mirrors>
    <mirror><id>debian</id><mirrorOf>*</mirrorOf><url>{DEBIAN_MAVEN_REPO.as_uri()}</url></mirror>
  </mirrors>
</settings>
"""


def pom_version() -> str:
    """The project's own <version> in clients/jvm/pom.xml (the one after its artifactId)."""
    found = re.search(r"<artifactId>marketplay-client</artifactId>\s*<version>([^<]+)</version>",
                      (JVM_ROOT / "pom.xml").read_text())
    assert found is not None, "clients/jvm/pom.xml names no version for marketplay-client"
    return found[1]


def jar_name() -> str:
    return f"marketplay-client-{release()}.jar"


def built() -> Path:
    """build/clients/jvm-<key>/: the jar, classpath.txt (its runtime dependencies), play/ (the player)."""
    sources = [*files(JVM_ROOT / "src", ".java"), JVM_ROOT / "pom.xml", ROOT / "LICENSE",
               *files(ROOT / "proto" / "marketplay", ".proto")]
    plugin = hashlib.sha256(GRPC_JAVA_PLUGIN.read_bytes()).hexdigest() if GRPC_JAVA_PLUGIN.is_file() else ""
    key = source_key(sources, tool_version("javac", "-version") + tool_version("mvn", "-v")
                     + tool_version("protoc", "--version") + plugin)

    def build(out: Path) -> None:
        assert DEBIAN_MAVEN_REPO.is_dir(), "no Debian Maven repository: `make system-tools` installs it"
        (out / "settings.xml").write_text(SETTINGS)
        run(["mvn", "-B", "-q", "-Pdebian", "-s", str(out / "settings.xml"),
             f"-Dmaven.repo.local={out / 'm2'}", f"-Dmarketplay.build.dir={out / 'target'}",
             "package", "dependency:build-classpath", "-DincludeScope=runtime",
             f"-Dmdep.outputFile={out / 'classpath.txt'}"], cwd=JVM_ROOT)
        (out / jar_name()).write_bytes((out / "target" / jar_name()).read_bytes())
        player = [str(p) for p in files(JVM_ROOT / "src" / "play", ".java")]
        run(["javac", "--release", "11", "-Xlint:all,-classfile", "-Werror", "-d", str(out / "play"),
             "-cp", classpath(out, out / jar_name()), *player], cwd=JVM_ROOT)

    return cached_build("jvm", key, build)


def classpath(build_dir: Path, *first: Path) -> str:
    """`first`, then the jar's runtime dependencies as Maven resolved them."""
    resolved = (build_dir / "classpath.txt").read_text().strip().split(":")
    return ":".join([*map(str, first), *resolved])
