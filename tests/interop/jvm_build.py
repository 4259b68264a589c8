"""Builds the JVM client (clients/jvm) into marketplay-client-0.2.0.jar and its player, cached.

javac compiles the generated messages and stubs (src/generated, protoc 3.21 and
grpc-java 1.41 from Debian) with the client (src/main) against Debian's jars
(clients/jvm/debian-classpath.txt) into the jar a user puts on a classpath;
the player (src/play) is compiled against that jar only.
"""

from __future__ import annotations

from pathlib import Path

from tests.interop.native_clients import ROOT, cached_build, files, run, source_key, tool_version

JVM_ROOT = ROOT / "clients" / "jvm"
VERSION = "0.2.0"
JAR_NAME = f"marketplay-client-{VERSION}.jar"
# javax.annotation.Generated, which grpc-java's generated stubs carry: needed to compile only.
COMPILE_ONLY = "/usr/share/java/geronimo-annotation-1.3-spec.jar"


def debian_classpath() -> list[str]:
    lines = (JVM_ROOT / "debian-classpath.txt").read_text().splitlines()
    jars = [line for line in lines if line and not line.startswith("#")]
    missing = [jar for jar in jars if not Path(jar).is_file()]
    assert not missing, f"missing {missing}: `make system-tools` installs them (deploy/ci-packages.txt)"
    return jars


def classpath(*first: Path) -> str:
    return ":".join([*map(str, first), *debian_classpath()])


def built() -> Path:
    """build/clients/jvm-<key>/: the jar, and play/ the player's classes."""
    sources = [*files(JVM_ROOT / "src", ".java"), JVM_ROOT / "debian-classpath.txt", ROOT / "LICENSE"]
    key = source_key(sources, tool_version("javac", "-version"))

    def build(out: Path) -> None:
        classes, play = out / "classes", out / "play"
        library = [str(p) for p in files(JVM_ROOT / "src" / "generated", ".java")]
        library += [str(p) for p in files(JVM_ROOT / "src" / "main", ".java")]
        run(["javac", "--release", "11", "-nowarn", "-encoding", "UTF-8", "-d", str(classes),
             "-cp", classpath(Path(COMPILE_ONLY)), *library], cwd=JVM_ROOT)
        (classes / "META-INF").mkdir(exist_ok=True)
        (classes / "META-INF" / "LICENSE").write_bytes((ROOT / "LICENSE").read_bytes())
        manifest = out / "MANIFEST.MF"
        manifest.write_text(f"Implementation-Title: marketplay-client\nImplementation-Version: {VERSION}\n"
                            "Implementation-Vendor: marketplay\nBundle-License: Apache-2.0\n")
        run(["jar", "--create", "--file", str(out / JAR_NAME), "--manifest", str(manifest),
             "-C", str(classes), "."], cwd=out)
        player = [str(p) for p in files(JVM_ROOT / "src" / "play", ".java")]
        run(["javac", "--release", "11", "-Xlint:all,-classfile", "-Werror", "-d", str(play),
             "-cp", classpath(out / JAR_NAME), *player], cwd=JVM_ROOT)

    return cached_build("jvm", key, build)
