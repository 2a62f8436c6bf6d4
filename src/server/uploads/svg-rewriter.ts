import { UploadRefusal, type Rewriter } from './receive';
import { createSvgSanitiser, SvgRefused, type SvgProblem } from './svg-sanitiser';

/**
 * SVG stored as the sanitiser writes it anew: nothing in it can run script or load anything. Used
 * for customiser images and SVG print files alike (a print file is downloaded by the shop's staff,
 * whose browser must never run what a stranger put in it). A file the sanitiser cannot read is
 * refused with 415 and the endpoint's message for the problem.
 */
export function svgRewriter(messages: Record<SvgProblem, string>): Rewriter {
  const sanitiser = createSvgSanitiser();
  const refusing =
    <A extends unknown[]>(step: (...args: A) => string) =>
    (...args: A): string => {
      try {
        return step(...args);
      } catch (error) {
        if (error instanceof SvgRefused) throw new UploadRefusal(415, messages[error.problem]);
        throw error;
      }
    };
  return {
    write: refusing((chunk: Buffer) => sanitiser.write(chunk)),
    end: refusing(() => sanitiser.end()),
  };
}
