"""The playground in headless Chromium: each step clicks as a person would
and waits for what the service answered to appear on the page.

    python3 web/browser_test.py http://127.0.0.1:8080/ web/screenshots
"""

import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

URL, SHOTS = sys.argv[1], sys.argv[2]

# Fairy-Stockfish's "perpetual check vs. intermittent checks": Black checks on
# every move, Red only on some; AXF rules: Black loses.
CHECK_FEN = "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1"
CHECK_MOVES = ["d6e6", "e4d4", "e6d6", "d4e4", "d6e6", "e4d4", "e6d6", "d4e4"]


def driver():
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1100,900", "--force-device-scale-factor=1"):
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main():
    browser = driver()
    wait = WebDriverWait(browser, 15)
    step = [0]

    def shot(name):
        step[0] += 1
        path = f"{SHOTS}/{step[0]:02d}-{name}.png"
        browser.save_screenshot(path)
        print(f"  screenshot {path}")

    def square(name):
        return browser.find_element(By.CSS_SELECTOR, f'[data-square="{name}"]')

    def board_fen():
        return browser.find_element(By.ID, "fen").get_attribute("value")

    def click(name):
        before = board_fen()
        square(name).click()
        return before

    def move(uci):
        before = click(uci[:2])
        wait.until(lambda _: "legal target" in (square(uci[2:4]).get_attribute("aria-label") or ""))
        square(uci[2:4]).click()
        wait.until(lambda _: board_fen() != before)

    def targets():
        return browser.execute_script(
            "return document.querySelectorAll('[aria-label*=\"legal target\"]').length")

    def text(element_id):
        return browser.find_element(By.ID, element_id).text

    def texts(css):
        return browser.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map(t => t.textContent)", css)

    def move_list():
        # Read in one script call: the list is re-rendered after each answer,
        # and an element found in one WebDriver call can be gone by the next.
        return browser.execute_script(
            "return [...document.querySelectorAll('#moves button')].map(b => b.innerText)")

    try:
        browser.get(URL)
        wait.until(lambda _: "to move" in text("status"))
        assert len(browser.find_elements(By.CSS_SELECTOR, "[data-square]")) == 64
        files = texts(".coordinate")
        assert all(letter in files for letter in "abcdefgh"), files

        print("Scholar's mate by clicks")
        for uci in ["e2e4", "e7e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"]:
            move(uci)
        wait.until(lambda _: "Checkmate" in text("status"))
        assert "White wins" in text("status"), text("status")
        moves = move_list()
        assert moves[-1].endswith("Qxf7#"), moves
        shot("chess-scholars-mate")

        print("history: back to move 3 by its entry")
        browser.find_elements(By.CSS_SELECTOR, "#moves button")[2].click()
        wait.until(lambda _: "Black to move" in text("status"))

        print("an illegal move and its reason")
        browser.find_element(By.ID, "new-game").click()
        wait.until(lambda _: len(browser.find_elements(By.CSS_SELECTOR, "#moves button")) == 0)
        wait.until(lambda _: targets() == 0)
        click("e2")
        wait.until(lambda _: "legal target" in (square("e4").get_attribute("aria-label") or ""))
        square("e5").click()
        wait.until(lambda _: text("message").startswith("e2e5:"))
        print("  reason:", text("message"))
        shot("chess-illegal-move")

        print("analysis changes the evaluation")
        # White to move with a queen more.
        fen = browser.find_element(By.ID, "fen")
        fen.clear()
        fen.send_keys("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
        browser.find_element(By.ID, "load-fen").click()
        wait.until(lambda _: board_fen().startswith("4k3/8/8/8/8/8/8/3QK3"))
        assert text("eval-score") == "–"
        before = browser.find_element(By.ID, "eval-bar").get_attribute("aria-valuenow")
        Select(browser.find_element(By.ID, "movetime")).select_by_value("500")
        browser.find_element(By.ID, "analyze").click()
        wait.until(lambda _: text("eval-depth").startswith("depth"))
        wait.until(lambda _: browser.find_element(By.ID, "analyze").is_enabled())
        after = browser.find_element(By.ID, "eval-bar").get_attribute("aria-valuenow")
        score = text("eval-score")
        print(f"  evaluation {score} ({text('eval-depth')}), bar {before} -> {after}")
        assert score.startswith("+"), score
        assert int(after) > 500 and after != before, (before, after)
        shot("chess-analysis")

        print("xiangqi: perpetual check ruled with its explanation")
        Select(browser.find_element(By.ID, "variant")).select_by_value("VARIANT_XIANGQI")
        wait.until(lambda _: len(browser.find_elements(By.CSS_SELECTOR, "[data-square]")) == 90)
        wait.until(lambda _: "Red to move" in text("status"))
        fen = browser.find_element(By.ID, "fen")
        fen.clear()
        fen.send_keys(CHECK_FEN)
        browser.find_element(By.ID, "load-fen").click()
        wait.until(lambda _: board_fen().startswith("9/3kc4/3a5"))
        for uci in CHECK_MOVES:
            move(uci)
        wait.until(lambda _: "Perpetual check" in text("status"))
        assert "Red wins" in text("status"), text("status")
        explanation = text("repetition")
        print("  ruling:", text("status"), "|", explanation)
        assert "check" in explanation.lower(), explanation
        assert browser.find_elements(By.CSS_SELECTOR, "#moves button.loop"), "the loop is highlighted"
        shot("xiangqi-perpetual-check")

        print("xiangqi for its players: characters, file numbers, Chinese moves")
        browser.find_element(By.ID, "new-game").click()
        wait.until(lambda _: len(move_list()) == 0 and "Red to move" in text("status"))
        pieces = texts(".xq-piece")
        assert {"帅", "将", "车", "马", "炮", "卒", "兵"} <= set(pieces), pieces
        labels = {t: (x, y) for t, x, y in browser.execute_script(
            "return [...document.querySelectorAll('.xq-file')]"
            ".map(t => [t.textContent, +t.getAttribute('x'), +t.getAttribute('y')])")}
        assert set(labels) == set("一二三四五六七八九１２３４５６７８９"), labels
        # Red (below) counts from its right, Black (above) from its own right: the left.
        assert labels["一"][0] > labels["九"][0] and labels["一"][1] > labels["１"][1], labels
        assert labels["１"][0] < labels["９"][0], labels
        move("h2e2")
        move("h9g7")
        wait.until(lambda _: move_list() == ["炮二平五", "马８进７"])
        Select(browser.find_element(By.ID, "movetime")).select_by_value("500")
        browser.find_element(By.ID, "analyze").click()
        wait.until(lambda _: text("eval-depth").startswith("depth"))
        wait.until(lambda _: browser.find_element(By.ID, "analyze").is_enabled())
        pv = text("eval-pv")
        print("  principal variation:", pv)
        assert any(verb in pv for verb in "进退平"), pv
        shot("xiangqi-simplified-chinese")

        Select(browser.find_element(By.ID, "characters")).select_by_value("traditional")
        wait.until(lambda _: move_list() == ["炮二平五", "馬８進７"])
        pieces = texts(".xq-piece")
        assert {"帥", "將", "車", "馬", "砲", "卒", "兵"} <= set(pieces), pieces
        shot("xiangqi-traditional-chinese")
        Select(browser.find_element(By.ID, "notation")).select_by_value("wxf")
        wait.until(lambda _: move_list() == ["C2=5", "H8+7"])
        Select(browser.find_element(By.ID, "notation")).select_by_value("iccs")
        wait.until(lambda _: move_list() == ["H2-E2", "H9-G7"])
        print("  moves:", move_list())

        print("phone width")
        browser.set_window_size(390, 844)
        time.sleep(0.3)
        shot("xiangqi-phone-width")
    except Exception:
        shot("failure")
        raise
    finally:
        browser.quit()
    print("browser checks: 6 passed, 0 failed")


if __name__ == "__main__":
    main()
