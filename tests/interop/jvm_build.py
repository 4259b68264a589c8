"""Builds the JVM client (clients/jvm) with Debian's Maven into the release's jar, and its player, cached.

`mvn -Pdebian package` compiles the generated messages and stubs
(src/generated, protoc 3.21 and grpc-java 1.41 from Debian) with the client
(src/main), runs its unit tests (src/test) and makes the jar a user puts on a
classpath; `dependency:build-classpath` writes the runtime classpath the pom
resolves. Maven reads Debian's repository, /usr/share/maven-repo, through a
file:// mirror of every remote (no network), into a local repository of the
build's own. The player (src/play) is compiled against the jar and that
classpath only.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.interop.native_clients import ROOT, cached_build, files, release, run, source_key, tool_version

JVM_ROOT = ROOT / "clients" / "jvm"
DEBIAN_MAVEN_REPO = Path("/usr/share/maven-repo")
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
    sources = [*files(JVM_ROOT / "src", ".java"), JVM_ROOT / "pom.xml", ROOT / "LICENSE"]
    key = source_key(sources, tool_version("javac", "-version") + tool_version("mvn", "-v"))

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
