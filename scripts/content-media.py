#!/usr/bin/env python3
"""Makes the library's audio and video files from their pieces' text, so the spoken words and the
written ones are the same. Needs espeak-ng and ffmpeg (apt-get install espeak-ng ffmpeg); the files
are committed, so building Thrive does not need them. Run from the repository's root:

    python3 scripts/content-media.py
"""
import pathlib, re, subprocess, tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONTENT = ROOT / "Sources/ThriveWeb/Resources/content"
MEDIA = ROOT / "Sources/ThriveWeb/Resources/public/media"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def piece(path):
    text = path.read_text()
    _, front, body = text.split("---", 2)
    fields = dict(line.split(":", 1) for line in front.strip().splitlines())
    return {k.strip(): v.strip() for k, v in fields.items()}, body.strip()


def sections(title, body):
    """(heading, words) per part: the title for the text before the first heading."""
    parts, heading, words = [], title, []
    for line in body.splitlines():
        if line.startswith("## "):
            if words:
                parts.append((heading, " ".join(words)))
            heading, words = line[3:].strip(), []
        elif line.strip():
            words.append(re.sub(r"[*_>#]", "", line.strip()))
    if words:
        parts.append((heading, " ".join(words)))
    return parts


def speak(words, wav):
    subprocess.run(["espeak-ng", "-v", "en-gb", "-s", "140", "-g", "6", "-w", str(wav), words], check=True)


def quiet(args):
    subprocess.run(["ffmpeg", "-y", "-loglevel", "error", *args], check=True)


def make(path):
    fields, body = piece(path)
    if fields["kind"] not in ("audio", "video"):
        return
    out = MEDIA / fields["media"]
    with tempfile.TemporaryDirectory() as work:
        work = pathlib.Path(work)
        if fields["kind"] == "audio":
            # A pause after each paragraph, as a guide would leave.
            words = " ".join(f"{line} ." for line in body.splitlines() if line.strip())
            speak(words, work / "all.wav")
            quiet(["-i", str(work / "all.wav"), "-c:a", "libopus", "-b:a", "24k", "-ac", "1", str(out)])
            return
        segments = []
        for index, (heading, words) in enumerate(sections(fields["title"], body)):
            wav, clip = work / f"{index}.wav", work / f"{index}.webm"
            speak(words, wav)
            label = heading.replace("'", "’").replace(":", "\\:")
            quiet([
                "-f", "lavfi", "-i", "color=c=0x0f766e:s=640x360:r=12", "-i", str(wav),
                "-vf", f"drawtext=fontfile={FONT}:text='{label}':fontcolor=white:fontsize=34:x=(w-text_w)/2:y=(h-text_h)/2",
                "-shortest", "-c:v", "libvpx-vp9", "-b:v", "60k", "-c:a", "libopus", "-b:a", "24k", "-ac", "1", str(clip)])
            segments.append(clip)
        listing = work / "list.txt"
        listing.write_text("".join(f"file '{s}'\n" for s in segments))
        quiet(["-f", "concat", "-safe", "0", "-i", str(listing), "-c", "copy", str(out)])


if __name__ == "__main__":
    MEDIA.mkdir(parents=True, exist_ok=True)
    for path in sorted(CONTENT.glob("*.md")):
        make(path)
    for file in sorted(MEDIA.iterdir()):
        print(f"{file.name}: {file.stat().st_size // 1024} KB")
