package dev.perflab.report.page;

import java.util.List;

/** Small helpers for writing the page's HTML by hand: escaping, and tables from header and cells. */
final class Html {
    private Html() {
    }

    /** Text made safe for an element's content or a quoted attribute value. */
    static String esc(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * JSON text made safe inside a {@code <script>} element: no {@code </} (which would end the element) and
     * no {@code <!--}; JSON reads {@code <\/} as {@code </}.
     */
    static String scriptSafe(String json) {
        return json.replace("</", "<\\/").replace("<!--", "<\\u0021--");
    }

    /**
     * A table: {@code left} columns from the left align left, the rest right; a row whose index is in
     * {@code marked} gets {@code rowClass}.
     */
    static String table(List<String> headers, List<List<String>> rows, int left, java.util.Set<Integer> marked, String rowClass) {
        StringBuilder out = new StringBuilder("<table><thead><tr>");
        for (int c = 0; c < headers.size(); c++) {
            out.append("<th").append(c < left ? "" : " class=\"num\"").append('>').append(esc(headers.get(c))).append("</th>");
        }
        out.append("</tr></thead><tbody>\n");
        for (int r = 0; r < rows.size(); r++) {
            out.append(marked.contains(r) ? "<tr class=\"" + rowClass + "\">" : "<tr>");
            List<String> cells = rows.get(r);
            for (int c = 0; c < cells.size(); c++) {
                out.append("<td").append(c < left ? "" : " class=\"num\"").append('>').append(esc(cells.get(c))).append("</td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</tbody></table>\n").toString();
    }
}
