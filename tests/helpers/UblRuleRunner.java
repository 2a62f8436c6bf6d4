import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.transform.stream.StreamSource;
import net.sf.saxon.s9api.Axis;
import net.sf.saxon.s9api.DocumentBuilder;
import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.QName;
import net.sf.saxon.s9api.SaxonApiException;
import net.sf.saxon.s9api.XdmDestination;
import net.sf.saxon.s9api.XdmNode;
import net.sf.saxon.s9api.XdmNodeKind;
import net.sf.saxon.s9api.XsltExecutable;
import net.sf.saxon.s9api.XsltTransformer;

/**
 * Steps 2 and 3 of validate-ubl (the CEN EN 16931 and Peppol BIS 3 rule sets, run with Saxon-HE) for
 * many documents in one JVM: each rule set's XSLT, unchanged, is compiled once instead of once a
 * document. Arguments: the rule files, in validate-ubl's order. Prints "ready" once they are
 * compiled, then reads one document path a line on standard input and answers, for each:
 *   "malformed", or "root NAME" and, for an Invoice or a CreditNote, one line a rule that fired,
 *   "[flag] ID at PATH: TEXT", formatted and ordered as validate-ubl prints them;
 *   then "end".
 * It ends when standard input closes (its parent gone).
 */
public final class UblRuleRunner {
  private static final String SVRL = "http://purl.oclc.org/dsdl/svrl";

  public static void main(String[] args) throws Exception {
    Processor processor = new Processor(false);
    List<XsltExecutable> ruleSets = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (String path : args) {
      ruleSets.add(processor.newXsltCompiler().compile(new StreamSource(new File(path))));
      names.add(new File(path).getName().replaceFirst("\\.xslt$", ""));
    }
    DocumentBuilder builder = processor.newDocumentBuilder();
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    out.println("ready");
    out.flush();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      check(builder, ruleSets, names, new File(line), out);
      out.flush();
    }
  }

  private static void check(
      DocumentBuilder builder, List<XsltExecutable> ruleSets, List<String> names, File file, PrintStream out) {
    XdmNode document;
    try {
      document = builder.build(file);
    } catch (SaxonApiException e) {
      out.println("malformed");
      out.println("end");
      return;
    }
    XdmNode root = document.children(node -> node.getNodeKind() == XdmNodeKind.ELEMENT).iterator().next();
    String rootName = root.getNodeName().getLocalName();
    out.println("root " + rootName);
    if (rootName.equals("Invoice") || rootName.equals("CreditNote")) runRules(ruleSets, names, document, out);
    out.println("end");
  }

  private static void runRules(List<XsltExecutable> ruleSets, List<String> names, XdmNode document, PrintStream out) {
    for (int i = 0; i < ruleSets.size(); i++) {
      XdmNode report;
      try {
        XsltTransformer transformer = ruleSets.get(i).load();
        transformer.setSource(document.asSource());
        XdmDestination destination = new XdmDestination();
        transformer.setDestination(destination);
        transformer.transform();
        report = destination.getXdmNode();
      } catch (SaxonApiException e) {
        out.println("[fatal] " + names.get(i) + " could not run: " + oneLine(String.valueOf(e.getMessage())));
        continue;
      }
      // validate-ubl lists the failed asserts first, then the successful reports, each in document order.
      for (String tag : new String[] {"failed-assert", "successful-report"}) {
        for (XdmNode fired : iterable(report.axisIterator(Axis.DESCENDANT, new QName(SVRL, tag)))) {
          String flag = fired.getAttributeValue(new QName("flag"));
          if (flag == null || flag.isEmpty()) flag = "fatal";
          String id = fired.getAttributeValue(new QName("id"));
          String location = fired.getAttributeValue(new QName("location"));
          String where = (location == null ? "" : location)
              .replaceAll("(?U)\\*:(\\w+)\\[namespace-uri\\(\\)='[^']*'\\](\\[1\\])?", "$1");
          XdmNode text = fired.children(SVRL, "text").iterator().next();
          out.println("[" + flag + "] " + (id == null ? "None" : id) + " at " + where + ": " + oneLine(text.getStringValue()));
        }
      }
    }
  }

  /** Python's ' '.join(text.split()): runs of whitespace, no-break spaces included, become one space. */
  private static String oneLine(String text) {
    StringBuilder line = new StringBuilder();
    boolean space = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
        space = line.length() > 0;
      } else {
        if (space) line.append(' ');
        line.append(c);
        space = false;
      }
    }
    return line.toString();
  }

  private static <T> Iterable<T> iterable(java.util.Iterator<T> iterator) {
    return () -> iterator;
  }
}
