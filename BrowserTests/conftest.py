"""Starts a real `thrive serve --demo` on loopback and drives it with headless Chromium."""
import json
import os
import socket
import subprocess
import tempfile
import time
import urllib.request
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / ".build" / "screenshots"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class JSONStandIn(BaseHTTPRequestHandler):
    """A local stand-in for an outside service: quiet, answering JSON."""

    def log_message(self, *args):
        pass

    def reply(self, status, body=None, headers=None):
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        data = json.dumps(body).encode() if body is not None else b""
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def start_server(data=None, port=None, extra_env=None):
    """A `thrive serve --demo` on a free loopback port (or `port`, to start a stopped server again
    on its data), with `extra_env` set too; returns its address and process."""
    binary = os.environ.get("THRIVE_BINARY", str(ROOT / ".build" / "debug" / "thrive"))
    port = port or free_port()
    data = data or tempfile.mkdtemp(prefix="thrive-browser-")
    env = {k: v for k, v in os.environ.items() if not k.startswith("THRIVE_")}
    env["THRIVE_BCRYPT_COST"] = "10"
    env.update(extra_env or {})
    log = open(Path(data) / "server.log", "a")
    process = subprocess.Popen(
        [binary, "serve", "--demo", "--port", str(port), "--data-dir", data],
        stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=1) as reply:
                if reply.status == 200:
                    break
        except OSError:
            time.sleep(0.1)
    else:
        process.terminate()
        raise RuntimeError("thrive serve did not start: " + (Path(data) / "server.log").read_text())
    return base, process


@pytest.fixture(scope="session")
def server():
    base, process = start_server()
    yield base
    process.terminate()
    process.wait(timeout=20)


def make_driver(width, height, time_zone="Asia/Tokyo"):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 f"--window-size={width},{height}", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": time_zone})
    return driver


@pytest.fixture(params=[(390, 844), (1280, 800)], ids=["phone", "laptop"])
def browser(request):
    width, height = request.param
    driver = make_driver(width, height)
    driver.viewport = request.node.callspec.id
    yield driver
    driver.quit()


@pytest.fixture
def phone():
    driver = make_driver(390, 844)
    driver.viewport = "phone"
    yield driver
    driver.quit()


def screenshot(driver, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    width = driver.get_window_size()["width"]
    driver.set_window_size(width, max(height + 100, 600))
    driver.save_screenshot(str(SHOTS / f"{name}-{driver.viewport}.png"))
