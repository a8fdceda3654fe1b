import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { reloadSession } from '../api/session';
import { server } from './server';

// jsdom lacks the layout APIs Mantine relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
// Nor document.fonts, which an autosizing Textarea listens to.
Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
// jsdom does not implement pseudo-element styles; Mantine asks for them, so ignore the argument.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => originalGetComputedStyle(element);

// jsdom's Blob, File and FormData are not the ones Node's fetch serialises: a jsdom File in a
// multipart body is sent as the text "undefined". Use Node's, as a browser's fetch sees its own.
// Node's FormData cannot read a <form> element, so that case still goes through jsdom's.
const JsdomFormData = globalThis.FormData;
const NodeFormData = (
  await new Response('', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).formData()
).constructor as typeof FormData;
class TestFormData extends NodeFormData {
  constructor(form?: HTMLFormElement) {
    super();
    if (form !== undefined) {
      for (const [name, value] of new JsdomFormData(form)) {
        if (typeof value === 'string') this.append(name, value);
      }
    }
  }
}
Object.assign(globalThis, { Blob: NodeBlob, File: NodeFile, FormData: TestFormData });

// findBy… waits up to 1 s by default: too little for a render on a two-core machine that also
// runs the Rust suites (`make test`), where a render can take ten times as long as alone.
configure({ asyncUtilTimeout: 10_000 });

// Every request must be answered by a handler of the test: an unexpected call fails it.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // Mantine keeps notifications and modals in module-level stores that outlive a render.
  notifications.clean();
  modals.closeAll();
  server.resetHandlers();
  localStorage.clear();
  reloadSession();
});
afterAll(() => server.close());
