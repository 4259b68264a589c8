/**
 * The raw exchange: the last calls the page made, and the JSON of the chosen
 * one's request and response exactly as they went over the wire.
 */
import type { CallLog, CallRecord } from "./api.js";
import { fill, h } from "./dom.js";
import { t } from "./words.js";

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
    const list = h("ol", { class: "calls", "aria-label": t("api-recent") },
      ...calls.map((c) =>
        h("li", null, h("button", {
          type: "button",
          class: `call${c.status !== 200 ? " failed" : ""}`,
          "aria-pressed": c === shown ? "true" : "false",
          onclick: () => { this.selected = c.id; this.render(); },
        }, h("span", { class: "call-method", translate: "no" }, c.method), h("span", { class: "call-status" }, c.status ? String(c.status) : "—"), h("span", { class: "call-ms" }, `${c.millis} ms`)))));
    const request = h("details", { class: "exchange", open: this.requestOpen, ontoggle: (e: Event) => { this.requestOpen = (e.target as HTMLDetailsElement).open; } },
      h("summary", null, t("api-request"), " ", shown ? h("code", { translate: "no" }, `POST ${shown.url}`) : null),
      h("pre", { class: "code", "data-testid": "api-request" }, this.text(shown?.request)));
    const response = h("details", { class: "exchange", open: this.responseOpen, ontoggle: (e: Event) => { this.responseOpen = (e.target as HTMLDetailsElement).open; } },
      h("summary", null, t("api-response"), " ", shown ? h("code", { translate: "no" }, `${shown.status || "—"} · ${shown.millis} ms`) : null),
      h("pre", { class: "code", "data-testid": "api-response" }, this.text(shown?.response)));
    fill(
      this.root,
      h("summary", null, h("h3", null, t("api-title"))),
      h("p", { class: "small" }, t("api-every-call"), " ", h("code", { translate: "no" }, "POST /marketplay.v1.GameService/<Method>")),
      calls.length ? list : h("p", { class: "muted" }, t("api-no-calls")),
      h("label", { class: "inline-field small" },
        h("input", { type: "checkbox", checked: this.shorten, onchange: (e: Event) => { this.shorten = (e.target as HTMLInputElement).checked; this.render(); } }),
        t("api-shorten")),
      shown ? [request, response] : null,
    );
  }
}
