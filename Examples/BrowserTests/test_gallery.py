#!/usr/bin/env python3
"""Clicks through the ModelKit Gallery in headless Chromium, as a person would.

Usage: GALLERY_URL=http://127.0.0.1:PORT/ python3 test_gallery.py
(`run` beside this file starts a Gallery and sets GALLERY_URL.)

Every test starts from the state the tests before it left: the order below is the order a person
would explore the site in. After each main action, axe-core (bundled by the axe-selenium-python package)
checks the page at a desktop and a phone window size, and any violation of WCAG 2.1 A or AA fails the
test. Screenshots go to screenshots/ beside this file. The last line printed is "N passed, N failed";
the exit status is non-zero if anything failed.
"""

import base64
import json
import os
import sys
import time
import traceback
from pathlib import Path

import axe_selenium_python
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

BASE_URL = os.environ.get("GALLERY_URL", "http://127.0.0.1:8080/").rstrip("/")
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
# axe-core as the axe-selenium-python package ships it; only the script is used, run with the options below.
AXE_SOURCE = (Path(axe_selenium_python.__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js").read_text(
    encoding="utf-8")
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
# The window sizes every page is checked at: a desktop browser's and a phone's (CSS pixels).
WINDOW_SIZES = {"desktop": (800, 1000), "phone": (390, 844)}
AXE_RUNS = {"pages": 0, "runs": 0}


def make_driver():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=800,1000", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    # The console, to see that no page asks for something that is not there (a favicon.ico).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
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


def check_accessibility(driver, where):
    """Runs axe-core on the page as it is, at each window size; fails on any WCAG 2.1 A or AA violation."""
    original = driver.get_window_size()
    failures = []
    try:
        for size_name, (width, height) in WINDOW_SIZES.items():
            driver.set_window_size(width, height)
            if not driver.execute_script("return typeof window.axe === 'object'"):
                driver.execute_script(AXE_SOURCE)
            version = driver.execute_script("return axe.version")
            assert int(version.split(".")[0]) >= 4, f"axe-core {version} predates the WCAG 2.1 rules"
            results = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, arguments[0]).then(done, (error) => done({error: String(error)}));",
                AXE_OPTIONS)
            assert "error" not in results, f"axe did not run on {where}: {results.get('error')}"
            AXE_RUNS["runs"] += 1
            for violation in results["violations"]:
                targets = [" ".join(node["target"]) for node in violation["nodes"]]
                failures.append(f"{where} ({size_name}): {violation['id']} [{violation['impact']}] "
                                f"{violation['help']}: {', '.join(targets)}")
    finally:
        driver.set_window_size(original["width"], original["height"])
    AXE_RUNS["pages"] += 1
    assert not failures, "axe found violations:\n" + "\n".join(failures)


def wait_for_answers(driver):
    """Waits until every form the pages' script sent in the background has been answered."""
    wait(driver).until(lambda d: d.execute_script("return document.documentElement.dataset.pending === '0'"))


def click_button(driver, text, scope=None):
    """Clicks the button that reads `text` and waits for the page it leads to, or, for a form the
    pages' script sends in the background (data-stay), for its answer."""
    root = scope or driver
    button = root.find_element(By.XPATH, f".//button[normalize-space()='{text}']")
    press(driver, button)


def press(driver, button):
    """Clicks `button` and waits as click_button does."""
    stays = driver.execute_script("return !!arguments[0].closest('form[data-stay]')", button)
    if stays:
        button.click()
        wait_for_answers(driver)
        return
    # The old document is marked rather than watched through an element reference: Chromium may answer
    # a question about a node of a page being replaced with "does not belong to the document" instead of
    # the stale-element error Selenium's staleness_of expects, which made this wait flaky.
    driver.execute_script("document.documentElement.dataset.leaving = 'yes'")
    button.click()
    wait_for_page(driver)


def wait_for_page(driver):
    """Waits for the page that replaces the one marked leaving."""
    wait(driver).until(lambda d: d.execute_script(
        "return document.readyState === 'complete' && document.documentElement.dataset.leaving !== 'yes'"))


def press_keys(driver, *keys):
    """Presses keys on whatever has the focus, as a person at the keyboard does."""
    ActionChains(driver).send_keys(*keys).perform()


def press_with(driver, modifier, *keys):
    """Presses keys while holding `modifier` down (Shift+Tab, Control+A)."""
    ActionChains(driver).key_down(modifier).send_keys(*keys).key_up(modifier).perform()


def focused(driver):
    """The id of the element that has the focus, or the tag name of one without an id."""
    return driver.execute_script(
        "const e = document.activeElement; return e ? (e.id || e.tagName.toLowerCase()) : null")


def tab_to(driver, element_id, limit=40):
    """Presses Tab until the element `element_id` has the focus; returns how many presses it took."""
    for presses in range(1, limit + 1):
        press_keys(driver, Keys.TAB)
        if focused(driver) == element_id:
            return presses
    raise AssertionError(f"{element_id} not reached in {limit} Tabs; focus is on {focused(driver)}")


def contrast_ratio(driver, element):
    """The WCAG contrast ratio of an element's text colour on its own background colour."""
    colours = driver.execute_script(
        "const s = getComputedStyle(arguments[0]); return [s.color, s.backgroundColor];", element)

    def luminance(css):
        channels = [float(part) for part in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
        linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(colours[0]), luminance(colours[1])), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def console_errors(driver):
    """The console's errors since the last call."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def body_text(driver):
    return driver.find_element(By.TAG_NAME, "body").text


# Home


def test_home_links_to_five_apps(driver):
    open_page(driver, "/")
    titles = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".home-card-title")]
    assert titles == ["Apps", "Quiz", "Book cart", "Homepwner", "Checklists"], titles
    check_accessibility(driver, "home")
    shot(driver, "01-home")
    driver.find_element(By.CSS_SELECTOR, "a[href='/apps']").click()
    wait(driver).until(EC.title_contains("Apps"))


def test_no_page_asks_for_what_is_not_there(driver):
    """The console stays clear on every first load: no favicon.ico 404, no missing asset."""
    console_errors(driver)
    for path in ["/", "/apps", "/quiz", "/cart", "/items", "/checklists"]:
        open_page(driver, path)
        wait(driver).until(lambda d: d.execute_script("return document.readyState === 'complete'"))
        time.sleep(0.2)  # the icon is fetched after the load event
        errors = console_errors(driver)
        assert not errors, (path, errors)
    icon = driver.execute_script(
        "const r = await fetch(document.querySelector('link[rel=icon]').href);"
        "return [r.status, r.headers.get('content-type')];")
    assert icon == [200, "image/svg+xml"], icon
    legacy = driver.execute_script("const r = await fetch('/favicon.ico'); return [r.status, r.url];")
    assert legacy[0] == 200 and legacy[1].endswith("/assets/favicon.svg"), legacy


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
    # Twelve "Download" buttons, each named for its app.
    names = [b.accessible_name for b in driver.find_elements(By.CSS_SELECTOR, ".app-download button")]
    assert names[0] == "Download Weather" and len(set(names)) == 12, names
    check_accessibility(driver, "apps")
    shot(driver, "02-apps")


def test_apps_download_shows_fading_label(driver):
    open_page(driver, "/apps")
    maps = driver.find_element(By.CSS_SELECTOR, ".app-tile[data-app='Maps']")
    click_button(driver, "Download", scope=maps)
    toast = driver.find_element(By.CSS_SELECTOR, ".toast")
    assert toast.text == "Download Maps complete", toast.text
    background = toast.value_of_css_property("background-color")
    assert background in ("rgba(211, 211, 211, 1)", "rgb(211, 211, 211)"), background
    # The pressed button is disabled now, so the next app's takes the focus.
    assert focused(driver) == "download-5", focused(driver)
    shot(driver, "03-apps-toast")
    # The label fades over 2 s and is then removed from the page.
    wait(driver, 4).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".toast"))
    maps = driver.find_element(By.CSS_SELECTOR, ".app-tile[data-app='Maps']")
    button = maps.find_element(By.TAG_NAME, "button")
    assert button.text == "Downloaded", button.text
    assert button.accessible_name == "Downloaded Maps", button.accessible_name
    assert not button.is_enabled()
    # axe leaves disabled controls out of its contrast check; a person still has to read them.
    ratio = contrast_ratio(driver, button)
    assert ratio >= 4.5, ratio
    assert "downloaded=" not in driver.current_url and "focus=" not in driver.current_url, driver.current_url
    others = driver.find_elements(By.XPATH, "//button[normalize-space()='Download']")
    assert len(others) == 11, len(others)
    check_accessibility(driver, "apps after a download")
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
    check_accessibility(driver, "quiz")
    click_button(driver, "Panda")
    assert "Right! It is Panda." in body_text(driver)
    assert driver.find_element(By.CSS_SELECTOR, ".quiz-score").text == "1"
    # The next thing to press has the focus, and the verdict is its description.
    assert focused(driver) == "quiz-next", focused(driver)
    check_accessibility(driver, "quiz answered")
    shot(driver, "05-quiz-right")
    click_button(driver, "Next question")
    assert "Which city has the Eiffel Tower?" in body_text(driver)
    assert focused(driver) == "quiz-option-0", focused(driver)
    click_button(driver, "Rome")
    assert "Not quite: the answer is Paris." in body_text(driver)
    check_accessibility(driver, "quiz answered wrong")
    shot(driver, "06-quiz-wrong")
    click_button(driver, "Next question")
    click_button(driver, "Swift")
    click_button(driver, "Next question")
    click_button(driver, "Nine")
    click_button(driver, "See the score")
    assert "You scored 3 of 4." in body_text(driver), body_text(driver)
    assert focused(driver) == "quiz-restart", focused(driver)
    check_accessibility(driver, "quiz score")
    shot(driver, "07-quiz-score")
    click_button(driver, "Play again")
    assert "Question 1 of 4" in body_text(driver)


# Book cart (seed 001)


def cart_buttons(driver):
    add = driver.find_element(By.XPATH, "//button[normalize-space()='Add']")
    remove = driver.find_element(By.XPATH, "//button[normalize-space()='Remove']")
    return add, remove


def cart_books(driver):
    return [e.get_attribute("data-book") for e in driver.find_elements(By.CSS_SELECTOR, ".cart-book")]


def test_book_cart_fills_and_empties(driver):
    open_page(driver, "/cart")
    add, remove = cart_buttons(driver)
    assert add.is_enabled() and not remove.is_enabled()
    assert (add.accessible_name, remove.accessible_name) == ("Add the next book", "Remove the last book")
    assert len(driver.find_elements(By.CSS_SELECTOR, ".cart-cell")) == 9
    check_accessibility(driver, "empty cart")
    for expected in range(1, 5):
        click_button(driver, "Add")
        assert cart_books(driver) == [f"book{n}" for n in range(1, expected + 1)], cart_books(driver)
    add, remove = cart_buttons(driver)
    assert not add.is_enabled() and remove.is_enabled()
    # Add can do no more, so Remove has the focus.
    assert focused(driver) == "cart-remove", focused(driver)
    assert "The cart is full." in body_text(driver)
    area = driver.find_element(By.CSS_SELECTOR, ".cart-area").rect
    fourth = driver.find_element(By.CSS_SELECTOR, ".cart-book[data-book='book4']").rect
    assert (round(fourth["x"] - area["x"]), round(fourth["y"] - area["y"])) == (0, 100), fourth
    check_accessibility(driver, "full cart")
    shot(driver, "08-cart-full")
    click_button(driver, "Remove")
    assert cart_books(driver) == ["book1", "book2", "book3"], cart_books(driver)
    add, remove = cart_buttons(driver)
    assert add.is_enabled()
    assert "The cart is full." not in body_text(driver)
    shot(driver, "09-cart-three")
    for _ in range(3):
        click_button(driver, "Remove")
    add, remove = cart_buttons(driver)
    assert not remove.is_enabled()


def test_two_tabs_agree_and_two_visitors_do_not(driver):
    """One browser's tabs share its cart and quiz; another browser (another visitor) has its own."""
    open_page(driver, "/cart")
    click_button(driver, "Add")
    first_tab = driver.current_window_handle
    driver.switch_to.new_window("tab")
    open_page(driver, "/cart")
    assert cart_books(driver) == ["book1"], cart_books(driver)
    click_button(driver, "Add")
    driver.switch_to.window(first_tab)
    driver.refresh()
    assert cart_books(driver) == ["book1", "book2"], cart_books(driver)
    other = make_driver()
    try:
        other.get(BASE_URL + "/cart")
        assert cart_books(other) == [], cart_books(other)
        press(other, other.find_element(By.XPATH, "//button[normalize-space()='Add']"))
        assert cart_books(other) == ["book1"], cart_books(other)
    finally:
        other.quit()
    driver.refresh()
    assert cart_books(driver) == ["book1", "book2"], cart_books(driver)
    for handle in driver.window_handles:
        if handle != first_tab:
            driver.switch_to.window(handle)
            driver.close()
    driver.switch_to.window(first_tab)
    for _ in range(2):
        click_button(driver, "Remove")


# Homepwner (seed 003)


def item_rows(driver):
    return driver.find_elements(By.CSS_SELECTOR, ".item-row")


def test_homepwner_add_and_delete(driver):
    open_page(driver, "/items")
    rows = item_rows(driver)
    assert len(rows) == 5, len(rows)
    for row in rows:
        assert row.find_element(By.CSS_SELECTOR, ".cell-detail").text.startswith("$")
    check_accessibility(driver, "homepwner")
    shot(driver, "10-homepwner")
    click_button(driver, "Add a random item")
    assert len(item_rows(driver)) == 6
    assert focused(driver) == "items-add", focused(driver)
    first = item_rows(driver)[0]
    first_id = first.get_attribute("data-id")
    click_button(driver, "Delete", scope=first)
    ids = [row.get_attribute("data-id") for row in item_rows(driver)]
    assert len(ids) == 5 and first_id not in ids, ids
    # The row that took the deleted one's place has the focus.
    assert focused(driver) == "delete-0", focused(driver)
    check_accessibility(driver, "homepwner after a delete")
    shot(driver, "11-homepwner-after-delete")


def test_homepwner_conflict_counts_from_one_and_leads_back(driver):
    """A tab whose table is out of date presses Delete on the second row it shows: the page says row 2."""
    open_page(driver, "/items")
    first_tab = driver.current_window_handle
    driver.switch_to.new_window("tab")
    open_page(driver, "/items")
    click_button(driver, "Delete", scope=item_rows(driver)[0])
    driver.close()
    driver.switch_to.window(first_tab)
    click_button(driver, "Delete", scope=item_rows(driver)[1])
    assert driver.find_element(By.TAG_NAME, "h1").text == "409 Conflict"
    assert "Row 2 now shows another item" in body_text(driver), body_text(driver)
    check_accessibility(driver, "homepwner conflict")
    shot(driver, "12-homepwner-conflict")
    driver.find_element(By.LINK_TEXT, "Back to the table").click()
    wait(driver).until(EC.title_contains("Homepwner"))
    assert len(item_rows(driver)) == 4


# Checklists (seed 004)


def item_texts(driver):
    return [row.get_attribute("data-item") for row in driver.find_elements(By.CSS_SELECTOR, ".item-row")]


def list_names(driver):
    return [row.get_attribute("data-list") for row in driver.find_elements(By.CSS_SELECTOR, ".list-row")]


def expect_refused_in_place(driver, field_id, typed, reason):
    """Checks that a refused text is back in its field as typed, with the reason next to it and the focus."""
    field = driver.find_element(By.ID, field_id)
    assert driver.find_element(By.ID, f"{field_id}-error").text == reason
    assert field.get_attribute("value") == typed, repr(field.get_attribute("value"))
    assert field.get_attribute("aria-invalid") == "true"
    assert field.get_attribute("aria-describedby") == f"{field_id}-error"
    assert focused(driver) == field_id, focused(driver)
    return field


def type_and_submit(driver, field_name, text, button):
    field = driver.find_element(By.NAME, field_name)
    field.clear()
    field.send_keys(text)
    click_button(driver, button)


def test_checklists_first_launch_opens_list(driver):
    open_page(driver, "/checklists")
    assert driver.current_url.endswith("/checklists/0"), driver.current_url
    assert driver.find_element(By.TAG_NAME, "h1").text == "List"
    check_accessibility(driver, "empty list")
    type_and_submit(driver, "text", "Walk the dog", "Add item")
    type_and_submit(driver, "text", "Brush my teeth", "Add item")
    assert item_texts(driver) == ["Walk the dog", "Brush my teeth"], item_texts(driver)
    # Pressed with the mouse, Add item leaves the focus in the field, for the next item.
    assert focused(driver) == "new-item", focused(driver)
    row = driver.find_element(By.CSS_SELECTOR, ".item-row[data-item='Brush my teeth']")
    click_button(driver, "Brush my teeth", scope=row)
    row = driver.find_element(By.CSS_SELECTOR, ".item-row[data-item='Brush my teeth']")
    assert row.find_element(By.CSS_SELECTOR, ".checkmark").text == "✓"
    assert "checked" in row.get_attribute("class")
    assert focused(driver) == "item-1", focused(driver)
    check_accessibility(driver, "list with a checked item")
    shot(driver, "13-checklist-items")


def test_checklists_rename_and_delete_items(driver):
    open_page(driver, "/checklists/0")
    row = driver.find_element(By.CSS_SELECTOR, ".item-row[data-item='Walk the dog']")
    row.find_element(By.LINK_TEXT, "Edit").click()
    wait(driver).until(EC.title_contains("Edit item"))
    assert focused(driver) == "edit-field", focused(driver)
    check_accessibility(driver, "edit item")
    # Only spaces: the edit page comes back with the reason under the field and the spaces kept.
    type_and_submit(driver, "text", "   ", "Done")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Edit item"
    expect_refused_in_place(driver, "edit-field", "   ", "The item's text must not be empty.")
    check_accessibility(driver, "edit item with an error")
    shot(driver, "14-error-in-place-edit-item")
    type_and_submit(driver, "text", "Walk the cat", "Done")
    assert item_texts(driver) == ["Walk the cat", "Brush my teeth"], item_texts(driver)
    assert focused(driver) == "item-0", focused(driver)
    type_and_submit(driver, "text", "Temporary", "Add item")
    row = driver.find_element(By.CSS_SELECTOR, ".item-row[data-item='Temporary']")
    click_button(driver, "Delete", scope=row)
    assert item_texts(driver) == ["Walk the cat", "Brush my teeth"], item_texts(driver)
    # The deleted row was the last: the one above takes the focus.
    assert focused(driver) == "item-1", focused(driver)


def test_checklists_lists_and_remembered_list(driver):
    open_page(driver, "/checklists/0")
    click_button(driver, "‹ All lists")
    assert driver.current_url.endswith("/checklists"), driver.current_url
    # Back on all lists, the list just left has the focus.
    assert focused(driver) == "list-0", focused(driver)
    type_and_submit(driver, "name", "Groceries", "Add list")
    type_and_submit(driver, "name", "Old stuff", "Add list")
    assert list_names(driver) == ["List", "Groceries", "Old stuff"], list_names(driver)
    assert "1 remaining" in driver.find_element(By.CSS_SELECTOR, ".list-row[data-list='List']").text
    check_accessibility(driver, "all lists")
    shot(driver, "15-all-lists")
    # Rename through the edit screen.
    row = driver.find_element(By.CSS_SELECTOR, ".list-row[data-list='Groceries']")
    row.find_element(By.LINK_TEXT, "Edit").click()
    wait(driver).until(EC.title_contains("Edit list"))
    check_accessibility(driver, "edit list")
    shot(driver, "16-edit-list")
    type_and_submit(driver, "name", "Shopping", "Done")
    assert focused(driver) == "list-1", focused(driver)
    # Delete one.
    row = driver.find_element(By.CSS_SELECTOR, ".list-row[data-list='Old stuff']")
    click_button(driver, "Delete", scope=row)
    assert list_names(driver) == ["List", "Shopping"], list_names(driver)
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
    shot(driver, "17-remembered-list")
    # Going back to all lists forgets it.
    click_button(driver, "‹ All lists")
    open_page(driver, "/checklists")
    assert driver.current_url.endswith("/checklists"), driver.current_url


def test_checklists_by_keyboard_typing_fast(driver):
    """The checklist flow with the keyboard only, typing the next text without waiting for the last."""
    open_page(driver, "/checklists")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Checklists"
    tab_to(driver, "new-list")
    # Only spaces: the reason appears under the field, the spaces stay in it, and so does the focus.
    press_keys(driver, "   ", Keys.ENTER)
    wait_for_answers(driver)
    field = expect_refused_in_place(driver, "new-list", "   ", "The list's name must not be empty.")
    assert list_names(driver) == ["List", "Shopping"], list_names(driver)
    check_accessibility(driver, "all lists with a refused name")
    shot(driver, "18-error-in-place-new-list")
    # Two lists typed one after the other with no wait between them: both arrive, in order.
    press_with(driver, Keys.CONTROL, "a")
    press_keys(driver, "Errands", Keys.ENTER, "Chores", Keys.ENTER)
    wait_for_answers(driver)
    assert list_names(driver) == ["List", "Shopping", "Errands", "Chores"], list_names(driver)
    assert field.get_attribute("value") == "" and field.get_attribute("aria-invalid") is None
    assert driver.find_element(By.ID, "new-list-error").text == ""
    assert focused(driver) == "new-list", focused(driver)
    # Back up to Errands and open it.
    for _ in range(12):
        press_with(driver, Keys.SHIFT, Keys.TAB)
        if focused(driver) == "list-2":
            break
    assert focused(driver) == "list-2", focused(driver)
    driver.execute_script("document.documentElement.dataset.leaving = 'yes'")
    press_keys(driver, Keys.ENTER)
    wait_for_page(driver)
    assert driver.find_element(By.TAG_NAME, "h1").text == "Errands"
    tab_to(driver, "new-item")
    # Type, Enter, type, Enter, ... as fast as the keyboard sends them: nothing is lost or merged.
    groceries = ["Eggs", "Milk", "Bread", "Butter", "Jam", "Tea", "Rice", "Salt", "Soap"]
    keys = []
    for text in groceries:
        keys += [text, Keys.ENTER]
    press_keys(driver, *keys)
    wait_for_answers(driver)
    assert item_texts(driver) == groceries, item_texts(driver)
    assert driver.find_element(By.ID, "new-item").get_attribute("value") == ""
    assert focused(driver) == "new-item", focused(driver)
    check_accessibility(driver, "list after typing nine items")
    shot(driver, "19-focus-after-adding")
    # Back to the last row's checkbox-button (past its Delete and Edit), check it with Space.
    press_with(driver, Keys.SHIFT, Keys.TAB, Keys.TAB, Keys.TAB)
    assert focused(driver) == "item-8", focused(driver)
    press_keys(driver, Keys.SPACE)
    wait_for_answers(driver)
    assert "checked" in driver.find_elements(By.CSS_SELECTOR, ".item-row")[8].get_attribute("class")
    assert focused(driver) == "item-8", focused(driver)
    # Up one row and check it too: the focus stays on the row pressed each time.
    press_with(driver, Keys.SHIFT, Keys.TAB, Keys.TAB, Keys.TAB)
    assert focused(driver) == "item-7", focused(driver)
    press_keys(driver, Keys.SPACE)
    wait_for_answers(driver)
    assert focused(driver) == "item-7", focused(driver)
    check_accessibility(driver, "list after checking two items")
    shot(driver, "20-focus-after-toggle")
    # On to the field (Edit, Delete, Edit, Delete, then the field) and an item of only spaces.
    tab_to(driver, "new-item")
    press_keys(driver, "  ", Keys.ENTER)
    wait_for_answers(driver)
    expect_refused_in_place(driver, "new-item", "  ", "The item's text must not be empty.")
    assert len(item_texts(driver)) == 9
    check_accessibility(driver, "list with a refused item")
    shot(driver, "21-error-in-place-new-item")
    press_with(driver, Keys.CONTROL, "a")
    press_keys(driver, "Flour", Keys.ENTER)
    wait_for_answers(driver)
    assert item_texts(driver)[-1] == "Flour"
    assert driver.find_element(By.ID, "new-item-error").text == ""
    # Delete the first row from the keyboard: the row that takes its place gets the focus.
    for _ in range(40):
        press_with(driver, Keys.SHIFT, Keys.TAB)
        if driver.execute_script("return document.activeElement.getAttribute('aria-label')") == "Delete Eggs":
            break
    press_keys(driver, Keys.ENTER)
    wait_for_answers(driver)
    assert item_texts(driver)[0] == "Milk", item_texts(driver)
    assert focused(driver) == "item-0", focused(driver)
    # The page never reloaded: the address is still the list's.
    assert driver.current_url.endswith("/checklists/2"), driver.current_url


def test_checklists_out_of_date_tab_shows_the_conflict(driver):
    """A form sent in the background from a tab that is out of date shows the 409 page, which leads back."""
    open_page(driver, "/checklists/2")
    first_tab = driver.current_window_handle
    driver.switch_to.new_window("tab")
    open_page(driver, "/checklists/2")
    click_button(driver, "Delete", scope=driver.find_element(By.CSS_SELECTOR, ".item-row[data-item='Milk']"))
    driver.close()
    driver.switch_to.window(first_tab)
    click_button(driver, "Milk", scope=driver.find_element(By.CSS_SELECTOR, ".item-row[data-item='Milk']"))
    assert driver.find_element(By.TAG_NAME, "h1").text == "409 Conflict"
    assert "The page showed “Milk” here, but it is now “Bread”" in body_text(driver), body_text(driver)
    assert driver.current_url.endswith("/checklists/2"), driver.current_url
    check_accessibility(driver, "checklist conflict")
    driver.find_element(By.LINK_TEXT, "Back to the list").click()
    wait(driver).until(EC.title_contains("Errands"))
    assert item_texts(driver)[0] == "Bread", item_texts(driver)


def test_bad_address_shows_error_page(driver):
    for path, message, back in [("/checklists/42", "There is no such list.", "Back to your lists"),
                                ("/checklists/abc", "There is no such list.", "Back to your lists"),
                                ("/checklists/0/items/x/edit", "This list has no such item.", "Back to the list")]:
        open_page(driver, path)
        assert driver.find_element(By.TAG_NAME, "h1").text == "404 Not Found"
        assert message in body_text(driver), body_text(driver)
        assert "Parameter" not in body_text(driver)
        assert driver.find_element(By.LINK_TEXT, back).is_displayed()
    check_accessibility(driver, "404 page")
    shot(driver, "22-not-found")
    driver.find_element(By.LINK_TEXT, "Back to the list").click()
    wait(driver).until(EC.title_contains("List"))


TESTS = [
    test_home_links_to_five_apps,
    test_no_page_asks_for_what_is_not_there,
    test_apps_grid_uses_seed_frames,
    test_apps_download_shows_fading_label,
    test_apps_label_fades_in_two_seconds,
    test_quiz_play_through,
    test_book_cart_fills_and_empties,
    test_two_tabs_agree_and_two_visitors_do_not,
    test_homepwner_add_and_delete,
    test_homepwner_conflict_counts_from_one_and_leads_back,
    test_checklists_first_launch_opens_list,
    test_checklists_rename_and_delete_items,
    test_checklists_lists_and_remembered_list,
    test_checklists_by_keyboard_typing_fast,
    test_checklists_out_of_date_tab_shows_the_conflict,
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
    print(f"axe-core {AXE_RUNS['runs']} runs on {AXE_RUNS['pages']} pages "
          f"({', '.join(WINDOW_SIZES)}), WCAG 2.1 A and AA")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
