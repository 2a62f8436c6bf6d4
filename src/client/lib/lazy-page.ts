import { createElement, lazy, type ComponentType } from 'react';

export interface LazyPage<P extends object> {
  (props: P): React.ReactElement;
  /** Loads the page's chunk; once loaded the page renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A page in its own chunk (React.lazy), which renders synchronously once preloaded. The browser
 * preloads the current page before hydrating server HTML, so hydration never meets a suspended
 * page and adopts the HTML in one pass.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const remember = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => remember().then((component) => ({ default: component })));
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  Page.preload = () => remember().then(() => undefined);
  return Page;
}
