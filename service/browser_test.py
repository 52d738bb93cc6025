#!/usr/bin/python3
"""Real-browser test of the page served by `sudoku-forge serve`.

Debian's chromium + chromium-driver, driven by Debian's python3-selenium
(run with /usr/bin/python3). Starts the server on an ephemeral port of
127.0.0.1 with a fresh bank, then: loads the page, enters a puzzle, rates
it, checks that the level, the ratings (Sudoku Explainer's ER at the top
too) and the steps appear, steps through two steps,
plays a wrong digit and asks for a hint (the mistake is flagged without the
digit), asks for a hint on the correct grid, generates a puzzle. Saves a
screenshot (--screenshot) and one at phone size (--phone-screenshot).

Usage: browser_test.py --binary=PATH/sudoku-forge [--screenshot=PNG]
       [--phone-screenshot=PNG]
Exit code 0 on success; a failed check prints what and where.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

PUZZLE = ("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9."
          ".......")  # magictour top1465 #1: needs more than singles
WAIT = 30  # seconds for any one thing to appear


def fail(message):
    print("browser_test: FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def start_server(binary, db):
    proc = subprocess.Popen(
        [binary, "serve", "--port=0", "--quiet", "--no-stochastic",
         "--db=" + db], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True)
    url = proc.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        proc.kill()
        fail("the server printed no URL: %r" % url)
    return proc, url


def make_driver(width, height, phone=False):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--window-size=%d,%d" % (width, height)):
        options.add_argument(arg)
    if phone:  # a window cannot be narrower than 500 px: emulate the device
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {
            "width": width, "height": height, "pixelRatio": 2.0, "touch": True}})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"),
                            options=options)


def text_of(driver, element_id):
    return (driver.find_element(By.ID, element_id).get_attribute("textContent") or "").strip()


def wait_for(driver, what, condition):
    try:
        return WebDriverWait(driver, WAIT).until(lambda d: condition(d))
    except Exception:  # selenium's TimeoutException, with our words
        fail("timed out waiting for " + what)


def rating_of(url, puzzle):
    """The service's JSON answer to rating `puzzle`."""
    request = urllib.request.Request(
        url + "api/v1/rate", data=json.dumps({"puzzle": puzzle}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=WAIT) as answer:
        return json.load(answer)


def solution_of(url, puzzle):
    """The solution of `puzzle`, which the page has just rated (so the bank
    holds it as submitted): rate answers a known puzzle from the bank
    without its solution; the stored puzzle carries it."""
    key = rating_of(url, puzzle)["canonical_key"]
    with urllib.request.urlopen(url + "api/v1/puzzles/" + key, timeout=WAIT) as answer:
        stored = json.load(answer)
    if stored["puzzle"] != puzzle:
        fail("the bank holds another isomorph: %r" % stored["puzzle"])
    return stored["solution"]


def run(args, url):
    driver = make_driver(1280, 1000)
    try:
        driver.get(url)
        wait_for(driver, "the 81 cells of the board",
                 lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 81)
        box = driver.find_element(By.ID, "puzzle-line")
        box.send_keys(PUZZLE)
        driver.find_element(By.ID, "rate").click()
        level = wait_for(driver, "the level",
                         lambda d: text_of(d, "level") or None)
        if level not in ("easy", "medium", "hard", "evil", "extreme", "needs-guessing"):
            fail("unexpected level %r" % level)
        # The ratings line: the trace's ER, and Sudoku Explainer's where the
        # rating reached the top (this puzzle does: its top_er is not its er).
        rated = rating_of(url, PUZZLE)
        ratings = text_of(driver, "ratings")
        if "ER %.1f" % rated["er"] not in ratings:
            fail("the ratings line %r lacks ER %.1f" % (ratings, rated["er"]))
        if "%.1f" % rated.get("top_er", 0) != "%.1f" % rated["er"] and (
                "Sudoku Explainer's ladder: ER %.1f" % rated["top_er"]) not in ratings:
            fail("the ratings line %r lacks SE's ER %.1f" % (ratings, rated["top_er"]))
        wait_for(driver, "the steps",
                 lambda d: len(d.find_elements(By.CSS_SELECTOR, "#steps-list li")) > 10)
        if not text_of(driver, "step-index").startswith("Step 1 of "):
            fail("step index: %r" % text_of(driver, "step-index"))
        first = text_of(driver, "step-text")
        for expected in (2, 3):
            driver.find_element(By.ID, "step-next").click()
            wait_for(driver, "step %d" % expected,
                     lambda d: text_of(d, "step-index").startswith("Step %d of " % expected))
        if text_of(driver, "step-text") == first or not text_of(driver, "step-text"):
            fail("the step text did not change")
        highlighted = driver.find_elements(
            By.CSS_SELECTOR, "#board .cell.pattern, #board .cell.target, .cands span.place, .cands span.elim")
        if not highlighted:
            fail("step 3 highlights nothing on the board")
        if args.screenshot:
            driver.save_screenshot(args.screenshot)

        # Play: a wrong digit in the first empty cell, by keyboard.
        driver.find_element(By.ID, "step-done").click()
        empty = PUZZLE.index(".")
        right = solution_of(url, PUZZLE)[empty]
        wrong = "1" if right != "1" else "2"
        cell = driver.find_elements(By.CSS_SELECTOR, "#board .cell")[empty]
        cell.click()
        driver.switch_to.active_element.send_keys(wrong)
        wait_for(driver, "the typed digit",
                 lambda d: d.find_elements(By.CSS_SELECTOR, "#board .cell")[empty].text == wrong)
        driver.find_element(By.ID, "hint").click()
        hint = wait_for(driver, "the hint", lambda d: text_of(d, "hint-text") or None)
        if not driver.find_elements(By.CSS_SELECTOR, "#board .cell.wrong"):
            fail("the wrong digit is not flagged (hint: %r)" % hint)
        if right in hint:
            fail("the hint reveals the digit: %r" % hint)
        # Cleared, the grid gets a real step as its hint.
        cell = driver.find_elements(By.CSS_SELECTOR, "#board .cell")[empty]
        cell.click()
        driver.switch_to.active_element.send_keys(Keys.BACKSPACE)
        driver.find_element(By.ID, "hint").click()
        wait_for(driver, "a step hint",
                 lambda d: text_of(d, "hint-text") not in ("", hint) or None)

        driver.find_element(By.ID, "generate").click()
        wait_for(driver, "a generated puzzle",
                 lambda d: len(d.find_element(By.ID, "puzzle-line").get_attribute("value")) == 81
                 and d.find_element(By.ID, "puzzle-line").get_attribute("value") != PUZZLE)
        if "puzzle" not in text_of(driver, "status"):
            fail("status after generate: %r" % text_of(driver, "status"))
    finally:
        driver.quit()

    if args.phone_screenshot:
        phone = make_driver(390, 844, phone=True)
        try:
            phone.get(url)
            phone.find_element(By.ID, "puzzle-line").send_keys(PUZZLE)
            phone.find_element(By.ID, "rate").click()
            wait_for(phone, "the steps on a phone",
                     lambda d: len(d.find_elements(By.CSS_SELECTOR, "#steps-list li")) > 10)
            width = phone.execute_script("return document.documentElement.scrollWidth")
            if width > 390:
                fail("the page is %d px wide on a 390 px screen" % width)
            phone.save_screenshot(args.phone_screenshot)
        finally:
            phone.quit()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--screenshot", default="")
    parser.add_argument("--phone-screenshot", default="")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = start_server(args.binary, os.path.join(tmp, "bank.db"))
        try:
            run(args, url)
        finally:
            proc.terminate()
            proc.wait(timeout=WAIT)
    print("browser_test: ok")


if __name__ == "__main__":
    main()
