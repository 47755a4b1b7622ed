#!/usr/bin/env python3
"""Clicks through the ModelKit Gallery in headless Chromium, as a person would.

Usage: GALLERY_URL=http://127.0.0.1:PORT/ python3 test_gallery.py
(`run` beside this file starts a Gallery and sets GALLERY_URL.)

Every test starts from the state the tests before it left: the order below is the order a person
would explore the site in. Screenshots go to screenshots/ beside this file. The last line printed is
"N passed, N failed"; the exit status is non-zero if anything failed.
"""

import base64
import os
import sys
import time
import traceback
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

BASE_URL = os.environ.get("GALLERY_URL", "http://127.0.0.1:8080/").rstrip("/")
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"


def make_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=800,1000", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    # The Debian driver, named explicitly so Selenium never tries to download one.
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.implicitly_wait(0)
    return driver


def wait(driver, seconds=5):
    return WebDriverWait(driver, seconds)


def open_page(driver, path):
    driver.get(BASE_URL + path)


def shot(driver, name):
    """Saves the whole page, not just the window, through the DevTools protocol."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
    image = driver.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip})
    (SCREENSHOTS / f"{name}.png").write_bytes(base64.b64decode(image["data"]))


def click_button(driver, text, scope=None):
    """Clicks the button that reads `text` and waits for the page it leads to."""
    root = scope or driver
    button = root.find_element(By.XPATH, f".//button[normalize-space()='{text}']")
    # The old document is marked rather than watched through an element reference: Chromium may answer
    # a question about a node of a page being replaced with "does not belong to the document" instead of
    # the stale-element error Selenium's staleness_of expects, which made this wait flaky.
    driver.execute_script("document.documentElement.dataset.leaving = 'yes'")
    button.click()
    wait(driver).until(lambda d: d.execute_script(
        "return document.readyState === 'complete' && document.documentElement.dataset.leaving !== 'yes'"))


def body_text(driver):
    return driver.find_element(By.TAG_NAME, "body").text


# Home


def test_home_links_to_five_apps(driver):
    open_page(driver, "/")
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".home-card-title")]
    assert titles == ["Apps", "Quiz", "Book cart", "Homepwner", "Checklists"], titles
    shot(driver, "01-home")
    driver.find_element(By.CSS_SELECTOR, "a[href='/apps']").click()
    wait(driver).until(EC.title_contains("Apps"))


# Apps (seed 000)


def test_apps_grid_uses_seed_frames(driver):
    open_page(driver, "/apps")
    screen = driver.find_element(By.CSS_SELECTOR, ".apps-screen")
    tiles = driver.find_elements(By.CSS_SELECTOR, ".app-tile")
    assert len(tiles) == 12, len(tiles)
    assert screen.rect["width"] == 320, screen.rect
    origin = screen.rect
    maps = driver.find_element(By.CSS_SELECTOR, ".app-tile[data-app='Maps']")
    offset = (round(maps.rect["x"] - origin["x"]), round(maps.rect["y"] - origin["y"]))
    assert offset == (120, 130), offset
    assert (round(maps.rect["width"]), round(maps.rect["height"])) == (80, 90), maps.rect
    assert maps.find_element(By.CSS_SELECTOR, ".app-name").text == "Maps"
    shot(driver, "02-apps")


def test_apps_download_shows_fading_label(driver):
    open_page(driver, "/apps")
    maps = driver.find_element(By.CSS_SELECTOR, ".app-tile[data-app='Maps']")
    click_button(driver, "Download", scope=maps)
    toast = driver.find_element(By.CSS_SELECTOR, ".toast")
    assert toast.text == "Download Maps complete", toast.text
    background = toast.value_of_css_property("background-color")
    assert background in ("rgba(211, 211, 211, 1)", "rgb(211, 211, 211)"), background
    shot(driver, "03-apps-toast")
    # The label fades over 2 s and is then removed from the page.
    wait(driver, 4).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".toast"))
    maps = driver.find_element(By.CSS_SELECTOR, ".app-tile[data-app='Maps']")
    button = maps.find_element(By.TAG_NAME, "button")
    assert button.text == "Downloaded", button.text
    assert not button.is_enabled()
    assert "downloaded=" not in driver.current_url, driver.current_url
    others = driver.find_elements(By.XPATH, "//button[normalize-space()='Download']")
    assert len(others) == 11, len(others)
    shot(driver, "04-apps-downloaded")


def test_apps_label_fades_in_two_seconds(driver):
    open_page(driver, "/apps")
    weather = driver.find_element(By.CSS_SELECTOR, ".app-tile[data-app='Weather']")
    click_button(driver, "Download", scope=weather)
    start = time.monotonic()
    toast = driver.find_element(By.CSS_SELECTOR, ".toast")
    assert toast.value_of_css_property("animation-duration") == "2s"
    time.sleep(1.0)
    opacity = float(driver.execute_script(
        "const t = document.querySelector('.toast'); return t ? getComputedStyle(t).opacity : 0"))
    assert 0.0 < opacity < 1.0 or time.monotonic() - start > 1.9, opacity
    wait(driver, 4).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".toast"))
    assert time.monotonic() - start >= 1.5


# Quiz (seed 000)


def test_quiz_play_through(driver):
    open_page(driver, "/quiz")
    assert "Which animal eats bamboo?" in body_text(driver)
    assert "Question 1 of 4" in body_text(driver)
    click_button(driver, "Panda")
    assert "Right! It is Panda." in body_text(driver)
    assert driver.find_element(By.CSS_SELECTOR, ".quiz-score").text == "1"
    shot(driver, "05-quiz-right")
    click_button(driver, "Next question")
    assert "Which city has the Eiffel Tower?" in body_text(driver)
    click_button(driver, "Rome")
    assert "Not quite: the answer is Paris." in body_text(driver)
    shot(driver, "06-quiz-wrong")
    click_button(driver, "Next question")
    click_button(driver, "Swift")
    click_button(driver, "Next question")
    click_button(driver, "Nine")
    click_button(driver, "See the score")
    assert "You scored 3 of 4." in body_text(driver), body_text(driver)
    shot(driver, "07-quiz-score")
    click_button(driver, "Play again")
    assert "Question 1 of 4" in body_text(driver)


# Book cart (seed 001)


def cart_buttons(driver):
    add = driver.find_element(By.XPATH, "//button[normalize-space()='Add']")
    remove = driver.find_element(By.XPATH, "//button[normalize-space()='Remove']")
    return add, remove


def test_book_cart_fills_and_empties(driver):
    open_page(driver, "/cart")
    add, remove = cart_buttons(driver)
    assert add.is_enabled() and not remove.is_enabled()
    assert len(driver.find_elements(By.CSS_SELECTOR, ".cart-cell")) == 9
    for expected in range(1, 5):
        click_button(driver, "Add")
        books = [e.get_attribute("data-book") for e in driver.find_elements(By.CSS_SELECTOR, ".cart-book")]
        assert books == [f"book{n}" for n in range(1, expected + 1)], books
    add, remove = cart_buttons(driver)
    assert not add.is_enabled() and remove.is_enabled()
    assert "The cart is full." in body_text(driver)
    area = driver.find_element(By.CSS_SELECTOR, ".cart-area").rect
    fourth = driver.find_element(By.CSS_SELECTOR, ".cart-book[data-book='book4']").rect
    assert (round(fourth["x"] - area["x"]), round(fourth["y"] - area["y"])) == (0, 100), fourth
    shot(driver, "08-cart-full")
    click_button(driver, "Remove")
    books = [e.get_attribute("data-book") for e in driver.find_elements(By.CSS_SELECTOR, ".cart-book")]
    assert books == ["book1", "book2", "book3"], books
    add, remove = cart_buttons(driver)
    assert add.is_enabled()
    assert "The cart is full." not in body_text(driver)
    shot(driver, "09-cart-three")
    for _ in range(3):
        click_button(driver, "Remove")
    add, remove = cart_buttons(driver)
    assert not remove.is_enabled()


# Homepwner (seed 003)


def item_rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".item-row")


def test_homepwner_add_and_delete(driver):
    open_page(driver, "/items")
    rows = item_rows(driver)
    assert len(rows) == 5, len(rows)
    for row in rows:
        assert row.find_element(By.CSS_SELECTOR, ".cell-detail").text.startswith("$")
    shot(driver, "10-homepwner")
    click_button(driver, "Add a random item")
    assert len(item_rows(driver)) == 6
    first = item_rows(driver)[0]
    first_id = first.get_attribute("data-id")
    click_button(driver, "Delete", scope=first)
    ids = [row.get_attribute("data-id") for row in item_rows(driver)]
    assert len(ids) == 5 and first_id not in ids, ids
    shot(driver, "11-homepwner-after-delete")


# Checklists (seed 004)


def item_texts(driver):
    return [row.get_attribute("data-item") for row in driver.find_elements(By.CSS_SELECTOR, ".item-row")]


def type_and_submit(driver, field_name, text, button):
    field = driver.find_element(By.NAME, field_name)
    field.clear()
    field.send_keys(text)
    click_button(driver, button)


def test_checklists_first_launch_opens_list(driver):
    open_page(driver, "/checklists")
    assert driver.current_url.endswith("/checklists/0"), driver.current_url
    assert driver.find_element(By.TAG_NAME, "h1").text == "List"
    type_and_submit(driver, "text", "Walk the dog", "Add item")
    type_and_submit(driver, "text", "Brush my teeth", "Add item")
    assert item_texts(driver) == ["Walk the dog", "Brush my teeth"], item_texts(driver)
    row = driver.find_element(By.CSS_SELECTOR, ".item-row[data-item='Brush my teeth']")
    click_button(driver, "Brush my teeth", scope=row)
    row = driver.find_element(By.CSS_SELECTOR, ".item-row[data-item='Brush my teeth']")
    assert row.find_element(By.CSS_SELECTOR, ".checkmark").text == "✓"
    assert "checked" in row.get_attribute("class")
    shot(driver, "12-checklist-items")


def test_checklists_rename_and_delete_items(driver):
    open_page(driver, "/checklists/0")
    row = driver.find_element(By.CSS_SELECTOR, ".item-row[data-item='Walk the dog']")
    row.find_element(By.LINK_TEXT, "Edit").click()
    wait(driver).until(EC.title_contains("Edit item"))
    type_and_submit(driver, "text", "Walk the cat", "Done")
    assert item_texts(driver) == ["Walk the cat", "Brush my teeth"], item_texts(driver)
    type_and_submit(driver, "text", "Temporary", "Add item")
    row = driver.find_element(By.CSS_SELECTOR, ".item-row[data-item='Temporary']")
    click_button(driver, "Delete", scope=row)
    assert item_texts(driver) == ["Walk the cat", "Brush my teeth"], item_texts(driver)


def test_checklists_lists_and_remembered_list(driver):
    open_page(driver, "/checklists/0")
    click_button(driver, "‹ All lists")
    assert driver.current_url.endswith("/checklists"), driver.current_url
    type_and_submit(driver, "name", "Groceries", "Add list")
    type_and_submit(driver, "name", "Old stuff", "Add list")
    names = [row.get_attribute("data-list") for row in driver.find_elements(By.CSS_SELECTOR, ".list-row")]
    assert names == ["List", "Groceries", "Old stuff"], names
    assert "1 remaining" in driver.find_element(By.CSS_SELECTOR, ".list-row[data-list='List']").text
    shot(driver, "13-all-lists")
    # Rename through the edit screen.
    row = driver.find_element(By.CSS_SELECTOR, ".list-row[data-list='Groceries']")
    row.find_element(By.LINK_TEXT, "Edit").click()
    wait(driver).until(EC.title_contains("Edit list"))
    shot(driver, "14-edit-list")
    type_and_submit(driver, "name", "Shopping", "Done")
    # Delete one.
    row = driver.find_element(By.CSS_SELECTOR, ".list-row[data-list='Old stuff']")
    click_button(driver, "Delete", scope=row)
    names = [row.get_attribute("data-list") for row in driver.find_elements(By.CSS_SELECTOR, ".list-row")]
    assert names == ["List", "Shopping"], names
    # Open Shopping, leave the site, come back: the Gallery returns to Shopping.
    driver.find_element(By.LINK_TEXT, "Shopping").click()
    wait(driver).until(EC.title_contains("Shopping"))
    type_and_submit(driver, "text", "Milk", "Add item")
    open_page(driver, "/")
    driver.delete_all_cookies()
    driver.find_element(By.CSS_SELECTOR, "a[href='/checklists']").click()
    wait(driver).until(EC.title_contains("Shopping"))
    assert driver.current_url.endswith("/checklists/1"), driver.current_url
    assert item_texts(driver) == ["Milk"]
    shot(driver, "15-remembered-list")
    # Going back to all lists forgets it.
    click_button(driver, "‹ All lists")
    open_page(driver, "/checklists")
    assert driver.current_url.endswith("/checklists"), driver.current_url


def test_bad_address_shows_error_page(driver):
    open_page(driver, "/checklists/42")
    assert driver.find_element(By.TAG_NAME, "h1").text == "404 Not Found"
    assert "There is no list number 42." in body_text(driver)
    shot(driver, "16-not-found")


TESTS = [
    test_home_links_to_five_apps,
    test_apps_grid_uses_seed_frames,
    test_apps_download_shows_fading_label,
    test_apps_label_fades_in_two_seconds,
    test_quiz_play_through,
    test_book_cart_fills_and_empties,
    test_homepwner_add_and_delete,
    test_checklists_first_launch_opens_list,
    test_checklists_rename_and_delete_items,
    test_checklists_lists_and_remembered_list,
    test_bad_address_shows_error_page,
]


def main():
    driver = make_driver()
    passed = failed = 0
    try:
        for test in TESTS:
            try:
                test(driver)
            except Exception:  # noqa: BLE001 - every failure is reported, then the next test runs
                failed += 1
                print(f"FAIL {test.__name__}")
                traceback.print_exc()
                try:
                    shot(driver, f"failed-{test.__name__}")
                except Exception:  # noqa: BLE001
                    pass
            else:
                passed += 1
                print(f"ok   {test.__name__}")
    finally:
        driver.quit()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
