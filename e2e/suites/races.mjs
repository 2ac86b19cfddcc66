// Races: a format switch against keys typed meanwhile, a loaded example and a second choice; a slow
// format switch in every direction; fast typing and an input method against late answers.

import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { assert, assertEq, tid, until } from "../lib/harness.mjs";
import { editorText, linkState, placeCursor, setEditor } from "../lib/editor.mjs";

export async function run(t) {
  const { check, url: URL_, out: OUT, docsCases, openPage, expectNative } = t;

  await check("a format switch applies only to the text and format it was made from: keys typed meanwhile, a loaded example and a second choice win", async () => {
    const p = await openPage(URL_, "format switch race");
    const n = 30_000;
    const big = "[\n" + Array.from({ length: n }, (_, i) => `  "item-${String(i).padStart(6, "0")}-abcdefghij"`).join(",\n") + ",\n]";
    const paste = (text) =>
      p.evaluate(
        ([sel, text]) => {
          const v = document.querySelector(sel).tftypeEditor;
          v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
        },
        [tid("value-editor"), text],
      );
    const idle = () =>
      until("the engine to be idle", async () => {
        const busy = await p.locator(tid("result")).getAttribute("aria-busy");
        return { done: busy === "false", value: busy };
      }, 60_000);
    // Long enough for a late reply to have arrived, were one still to come.
    const settle = async () => {
      await idle();
      await p.waitForTimeout(1500);
      await idle();
    };
    const format = () => p.locator(tid("value-format")).inputValue();
    const last = `item-${String(n - 1).padStart(6, "0")}-abcdefghij`;
    await setEditor(p, "type-editor", "list(string)");
    await paste(big);
    await idle();
    // 1. A key (its evaluation keeps the engine busy), the switch (its reply waits behind that
    //    evaluation), more keys: the reply is for a text that is gone; the keys must be kept.
    await placeCursor(p, "value-editor", big.lastIndexOf(last) + last.length);
    await p.keyboard.press("X");
    await p.locator(tid("value-format")).selectOption("json");
    await p.keyboard.type("YZ");
    // The keys went in before the switch's reply (else this would prove nothing): the text is
    // still the HCL one (JSON has no comma after the last element).
    const typed = await editorText(p, "value-editor");
    assert(typed.endsWith(`${last}XYZ",\n]`), `the keys typed before the reply: ...${typed.slice(-40)}`);
    const lastElement = await until("the value rewritten as JSON with every key typed", async () => {
      const v = await editorText(p, "value-editor");
      let a = null;
      try { a = JSON.parse(v); } catch {}
      return { done: Array.isArray(a) && a.length === n && (await format()) === "json", value: a ? a[n - 1] : v.slice(-80) };
    }, 60_000);
    assertEq(lastElement, `${last}XYZ`, "the last element, with the keys typed during the switch");
    await settle();
    assertEq(await format(), "json", "the format after the switch");
    await expectNative(p, "after the switch and the keys");
    // 2. A key, a switch back to HCL, and at once an example from the gallery: the example stays.
    const ex = docsCases.find((c) => (c.value_format ?? "hcl") === "hcl" && c.value.length > 5);
    await placeCursor(p, "value-editor", 3);
    await p.keyboard.press("Space");
    await p.locator(tid("value-format")).selectOption("hcl");
    await p.locator(tid("examples-toggle")).click();
    await p.locator(`[data-example="${ex.id}"]`).click();
    await settle();
    assertEq({ value: await editorText(p, "value-editor"), format: await format() }, { value: ex.value, format: "hcl" }, "the example, not the late reply");
    await expectNative(p, "after the example");
    // 3. JSON and at once HCL again: the last choice wins, and the text is the one typed.
    await paste(big);
    await idle();
    await placeCursor(p, "value-editor", big.lastIndexOf(last) + last.length);
    await p.keyboard.press("Q");
    await p.locator(tid("value-format")).selectOption("json");
    await p.locator(tid("value-format")).selectOption("hcl");
    await p.keyboard.type("RS");
    await settle();
    const want = big.replace(last, `${last}QRS`);
    const got = await editorText(p, "value-editor");
    assert(got === want, `the HCL text with the keys typed, not a rewritten one: ...${got.slice(-80)}`);
    assertEq(await format(), "hcl", "the second choice");
    await expectNative(p, "after two choices");
    await p.close();
  });

  await check("typing during a slow format switch never loses a key, in every direction of the switch (keys a few ms apart before, during and after the reply)", async () => {
    const p = await openPage(URL_, "slow format switch");
    // The engine worker is made slow from the outside: a wrapper around its message handler holds
    // each format switch's request until the test lets it through (nothing in the page is there
    // for the test). Every other request is answered as usual.
    const worker = await until("the engine worker", async () => {
      const w = p.workers().find((w) => /engine-worker/.test(w.url()));
      return { done: !!w, value: w };
    });
    await worker.evaluate(() => {
      const handle = self.onmessage;
      const held = [];
      self.onmessage = (ev) => (ev.data && ev.data.type === "reformat" ? held.push(ev) : handle(ev));
      // Lets the held requests through; how many there were.
      self.tftypeRelease = () => {
        const n = held.length;
        for (const ev of held.splice(0)) handle(ev);
        return n;
      };
    });
    const release = () => worker.evaluate(() => self.tftypeRelease());
    // A loaded machine: the page's thread four times slower.
    const cdp = await p.context().newCDPSession(p);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const format = () => p.locator(tid("value-format")).inputValue();
    const idle = () =>
      until("the engine to be idle", async () => {
        const busy = await p.locator(tid("result")).getAttribute("aria-busy");
        return { done: busy === "false", value: busy };
      }, 60_000);
    // Keys one at a time, a few milliseconds apart (the issue's way of typing).
    let typed = "";
    const keys = async (k) => {
      for (const c of k) {
        await p.keyboard.press(c);
        typed += c;
        await p.waitForTimeout(3 + ((typed.length * 5) % 8));
      }
    };
    const n = 3200;
    const list = Array.from({ length: n }, (_, i) => `s-${i}`);
    // (The HCL text with a comma after its last element: JSON's rewrite is then another text.)
    const written = (f) => (f === "json" ? JSON.stringify(list) : `[\n${list.map((s) => `  "${s}",`).join("\n")}\n]`);
    await setEditor(p, "type-editor", "list(string)");
    const formats = ["hcl", "tfvars", "json", "cli"];
    let round = 0;
    for (const from of formats) {
      for (const to of formats.filter((f) => f !== from)) {
        const where = `${from} -> ${to}`;
        // The value written in `from`: the format chosen while the value is empty (no rewrite).
        await setEditor(p, "value-editor", "");
        await p.locator(tid("value-format")).selectOption(from);
        assertEq(await format(), from, `${where}: the format to start from`);
        const text = written(from);
        await p.evaluate(([sel, text]) => {
          const v = document.querySelector(sel).tftypeEditor;
          v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text } });
        }, [tid("value-editor"), text]);
        await idle();
        // The cursor in the last element, before its closing quote.
        await placeCursor(p, "value-editor", text.lastIndexOf('"'));
        typed = "";
        const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".slice(round % 2, (round % 2) + 20);
        round++;
        // Before the choice, then during the rewrite (held), then while the reply comes in.
        await keys(letters.slice(0, 3));
        await p.locator(tid("value-format")).selectOption(to);
        await keys(letters.slice(3, 7));
        assertEq(await format(), to, `${where}: the select shows the choice while its rewrite is on the way`);
        const text1 = await editorText(p, "value-editor");
        assert(text1 === text.slice(0, text.lastIndexOf('"')) + typed + text.slice(text.lastIndexOf('"')), `${where}: the keys typed while the rewrite is held are in the old text: ...${text1.slice(-30)}`);
        // The reply arrives while keys are typed: it is for a text that is gone, and is asked
        // for again (held again) until one is for the text as it is.
        let i = 7;
        await Promise.all([release(), keys(letters.slice(i, i + 4))]);
        i += 4;
        // The switch is done when the link (written after a pause in typing) carries the new
        // format and the text on show; every request for an older text is let through meanwhile.
        const landed = async () => {
          await release();
          const link = await linkState(p);
          const v = await editorText(p, "value-editor");
          return { done: link?.format === to && link.value === v, value: { format: link?.format, end: v.slice(-30) } };
        };
        await until(`${where}: the rewrite to land`, landed, 60_000);
        // Keys once the rewrite has landed: they go where the ones before went (a change of the
        // whole text used to take the cursor to its start, 3,200 lines up).
        await keys(letters.slice(i, i + 4));
        await until(`${where}: the last keys in the link`, async () => {
          const l = await landed();
          return { ...l, done: l.done && l.value.end.includes(typed) };
        }, 60_000);
        await idle();
        assertEq(await release(), 0, `${where}: no rewrite asked for after the last keys`);
        const got = await editorText(p, "value-editor");
        assert(got.includes(`"s-${n - 1}${typed}"`), `${where}: every key typed (${typed}) in the last element: ...${got.slice(-50)}`);
        assertEq(await format(), to, `${where}: the format after the switch`);
        await expectNative(p, `${where}: after the switch`);
        // The editor still shows where the keys go: the end of the last element.
        if (from === "hcl" && to === "json") await p.screenshot({ path: join(OUT, "format-switch-slow.png") });
      }
    }
    await p.close();
  });

  await check("fast typing, an input method composing and answers arriving late never garble the text (and the link carries it as typed)", async () => {
    const p = await openPage(URL_, "typing race");
    const cdp = await p.context().newCDPSession(p);
    await setEditor(p, "type-editor", "list(object({ name = string, port = optional(number) }))");
    // A long value first, so that every answer takes a while and comes in while keys are typed;
    // the part typed is invalid until its last key, so each answer underlines something.
    const head = "[\n" + Array.from({ length: 6000 }, (_, i) => `  { name = "svc-${i}", port = ${i % 1000} },`).join("\n") + "\n  ";
    await p.evaluate(
      ([sel, text]) => {
        const v = document.querySelector(sel).tftypeEditor;
        v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: text }, selection: { anchor: text.length } });
        v.focus();
      },
      [tid("value-editor"), head],
    );
    const compose = async (word) => {
      for (let i = 1; i <= word.length; i++) {
        await cdp.send("Input.imeSetComposition", { text: word.slice(0, i), selectionStart: i, selectionEnd: i });
        await p.waitForTimeout(40);
      }
      await cdp.send("Input.insertText", { text: word });
    };
    // The issue's text, typed key by key without pauses (brackets and quotes close themselves,
    // and typing over a closing one steps over it), the names through an input method.
    await p.keyboard.type('{name = "');
    await compose("web");
    await p.keyboard.type('"}, {name = "');
    await compose("api");
    await p.keyboard.type('", prot = 8080}, ');
    await p.keyboard.type('{name = "db", port = 5432}');
    const want = head + '{name = "web"}, {name = "api", prot = 8080}, {name = "db", port = 5432}';
    // Every answer in, and then some.
    await until("the last answer", async () => {
      const busy = await p.locator(tid("result")).getAttribute("aria-busy");
      return { done: busy === "false", value: busy };
    }, 60_000);
    await p.waitForTimeout(1000);
    const got = await editorText(p, "value-editor");
    assert(got === want, `the text as typed: ...${JSON.stringify(got.slice(head.length - 4))}`);
    await expectNative(p, "after fast typing");
    // The link (written after a pause) carries the text as typed.
    await until("the link to follow the text", async () => {
      const hash = await p.evaluate(() => location.hash);
      let value = null;
      try {
        value = JSON.parse(inflateRawSync(Buffer.from(hash.slice(4), "base64url")).toString()).value;
      } catch {}
      return { done: value === got, value: value && value.slice(head.length - 4) };
    });
    await p.close();
  });
}
