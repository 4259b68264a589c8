/**
 * The raw exchange: the last calls the page made, and the JSON of the chosen
 * one's request and response exactly as they went over the wire.
 */
import type { CallLog, CallRecord } from "./api.js";
import { fill, h } from "./dom.js";

const LISTED = 8;
const LONG = /"([A-Za-z0-9+/_-]{100,}={0,2})"/g;

/** Long base64 strings (the sealed state, seat tokens) cut to their ends, for reading. */
function elided(json: string): string {
  return json.replace(LONG, (_, b64: string) => `"${b64.slice(0, 24)}…${b64.slice(-8)}" (${b64.length} chars elided)`);
}

export class ApiPanel {
  private selected: number | null = null;
  private requestOpen = true;
  private responseOpen = true;
  private shorten = true;

  constructor(private readonly log: CallLog, private readonly root: HTMLElement) {
    log.onCall(() => {
      this.selected = null;
      this.render();
    });
    this.render();
  }

  private text(json: string | undefined): string {
    if (json === undefined) return "";
    return this.shorten ? elided(json) : json;
  }

  render(): void {
    const calls = this.log.calls.slice(-LISTED).reverse();
    const shown: CallRecord | undefined =
      calls.find((c) => c.id === this.selected) ?? calls[0];
    const list = h("ol", { class: "calls", "aria-label": "Recent calls, newest first" },
      ...calls.map((c) =>
        h("li", null, h("button", {
          type: "button",
          class: `call${c.status !== 200 ? " failed" : ""}`,
          "aria-pressed": c === shown ? "true" : "false",
          onclick: () => { this.selected = c.id; this.render(); },
        }, h("span", { class: "call-method" }, c.method), h("span", { class: "call-status" }, c.status ? String(c.status) : "—"), h("span", { class: "call-ms" }, `${c.millis} ms`)))));
    const request = h("details", { class: "exchange", open: this.requestOpen, ontoggle: (e: Event) => { this.requestOpen = (e.target as HTMLDetailsElement).open; } },
      h("summary", null, "Request ", shown ? h("code", null, `POST ${shown.url}`) : null),
      h("pre", { class: "code", "data-testid": "api-request" }, this.text(shown?.request)));
    const response = h("details", { class: "exchange", open: this.responseOpen, ontoggle: (e: Event) => { this.responseOpen = (e.target as HTMLDetailsElement).open; } },
      h("summary", null, "Response ", shown ? h("code", null, `${shown.status || "no answer"} · ${shown.millis} ms`) : null),
      h("pre", { class: "code", "data-testid": "api-response" }, this.text(shown?.response)));
    fill(
      this.root,
      h("h3", null, "API calls (Connect JSON)"),
      h("p", { class: "small" }, "Every call is ", h("code", null, "POST /marketplay.v1.GameService/<Method>"),
        " with the message as JSON; this page uses the generated TypeScript client and nothing else."),
      calls.length ? list : h("p", { class: "muted" }, "No calls yet."),
      h("label", { class: "inline-field small" },
        h("input", { type: "checkbox", checked: this.shorten, onchange: (e: Event) => { this.shorten = (e.target as HTMLInputElement).checked; this.render(); } }),
        "Shorten long base64 (sealed state, tokens); uncheck for the exact bytes"),
      shown ? [request, response] : null,
    );
  }
}
