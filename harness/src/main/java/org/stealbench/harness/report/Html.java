package org.stealbench.harness.report;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The page's view model, rendered by {@code report/page.mustache}: a page of sections, a section
 * of blocks, a block holding a paragraph, a table or a chart. Plain immutable values; the template
 * reads them through their accessors and escapes every text.
 */
final class Html {

    private Html() {
    }

    /**
     * One table cell; {@code cls} holds CSS classes (num, broken, warn, good, bad), {@code title} a tooltip,
     * {@code href} a link around its text and {@code anchor} its element id (both empty for none).
     */
    record Cell(String text, String cls, String title, String value, String href, String anchor) {

        static Cell text(String text) {
            return new Cell(text, "", "", "", "", "");
        }

        /** A number right-aligned, its raw value kept in {@code data-value} for tools and tests. */
        static Cell num(String text, double value) {
            return new Cell(text, "num", "", Double.isNaN(value) ? "" : Double.toString(value), "", "");
        }

        Cell withClass(String more) {
            return new Cell(text, (cls + " " + more).trim(), title, value, href, anchor);
        }

        Cell withTitle(String tooltip) {
            return new Cell(text, cls, tooltip, value, href, anchor);
        }

        Cell withHref(String link) {
            return new Cell(text, cls, title, value, link, anchor);
        }

        Cell withAnchor(String id) {
            return new Cell(text, cls, title, value, href, id);
        }

        boolean hasValue() {
            return !value.isEmpty();
        }
    }

    record Row(List<Cell> cells, String cls) {
        Row {
            cells = List.copyOf(cells);
        }
    }

    /** A table: {@code id} is stable (tests and links use it), header rows first. */
    record Table(String id, String caption, List<Row> head, List<Row> body, String note) {
        Table {
            head = List.copyOf(head);
            body = List.copyOf(body);
        }
    }

    /** A chart as an embedded SVG data URI, with its title and alt text, and links laid over parts of it. */
    record Chart(String id, String title, String dataUri, String alt, List<Link> links) {
        Chart {
            links = List.copyOf(links);
        }

        boolean hasLinks() {
            return !links.isEmpty();
        }
    }

    /**
     * A link over a rectangle of a chart's image, its edges in percent of the image's width and
     * height (so it follows the image when the page scales it), {@code title} its tooltip and name.
     */
    record Link(String href, String title, String left, String top, String width, String height) {
    }

    /** One element of a section; exactly one part is non-null. */
    record Block(String paragraph, Table table, Chart chart, List<Block> details, String summary, boolean open) {

        static Block paragraph(String text) {
            return new Block(text, null, null, null, null, false);
        }

        static Block table(Table t) {
            return new Block(null, t, null, null, null, false);
        }

        static Block chart(Chart c) {
            return new Block(null, null, c, null, null, false);
        }

        /** Blocks folded under a summary line ({@code <details>}), shown unfolded if {@code open}. */
        static Block details(String summary, List<Block> inner, boolean open) {
            return new Block(null, null, null, List.copyOf(inner), summary, open);
        }
    }

    record Banner(String level, String text) {
    }

    /** A section: present with blocks, or absent with the reason ("not in this run"). */
    record Section(String id, String title, List<Banner> banners, List<Block> blocks, String absent) {
        Section {
            banners = List.copyOf(banners);
            blocks = List.copyOf(blocks);
        }

        static Section absent(String id, String title, String why) {
            return new Section(id, title, List.of(), List.of(), why);
        }

        /** Absent because the run has no readable results of {@code experiment}. */
        static Section notInRun(String id, String title, String experiment) {
            return absent(id, title, "Not in this run: no readable jmh-" + experiment + ".json.");
        }

        boolean isAbsent() {
            return absent != null;
        }
    }

    record Page(String title, String subtitle, String reproduce, Section lead, List<Banner> banners, Table runs,
                List<Section> sections, List<String> problems, List<String> thresholds, String generated) {
        Page {
            banners = List.copyOf(banners);
            sections = List.copyOf(sections);
            problems = List.copyOf(problems);
            thresholds = List.copyOf(thresholds);
        }

        boolean hasProblems() {
            return !problems.isEmpty();
        }

        /** Every section, the lead first, for the table of contents. */
        List<Section> contents() {
            return Stream.concat(Stream.ofNullable(lead), sections.stream()).toList();
        }
    }

    /** A page's foot line: {@code Generated 2026-01-02 03:04:05 UTC by WHAT.} */
    static String generated(String by) {
        return "Generated " + DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").format(ZonedDateTime.now(ZoneOffset.UTC))
                + " by " + by + ".";
    }

    static final class TableBuilder {
        private final String id;
        private final String caption;
        private final List<Row> head = new ArrayList<>();
        private final List<Row> body = new ArrayList<>();
        private String note = "";

        TableBuilder(String id, String caption) {
            this.id = id;
            this.caption = caption;
        }

        TableBuilder header(String... names) {
            head.add(new Row(Arrays.stream(names).map(Cell::text).toList(), ""));
            return this;
        }

        /** A header row: {@code first}, then {@code rest}. */
        TableBuilder header(String first, List<String> rest) {
            return header(Stream.concat(Stream.of(first), rest.stream()).toArray(String[]::new));
        }

        /** A row per entry of {@code rows}: its {@code name} cell, then {@code cell} of it and each column. */
        <R, C> TableBuilder rows(List<R> rows, Function<R, Cell> name, List<C> columns, BiFunction<R, C, Cell> cell,
                                 Function<R, String> rowClass) {
            for (R r : rows) {
                List<Cell> cells = new ArrayList<>(List.of(name.apply(r)));
                columns.forEach(c -> cells.add(cell.apply(r, c)));
                row(cells, rowClass.apply(r));
            }
            return this;
        }

        TableBuilder row(List<Cell> cells) {
            return row(cells, "");
        }

        TableBuilder row(List<Cell> cells, String cls) {
            body.add(new Row(cells, cls));
            return this;
        }

        TableBuilder note(String text) {
            note = text;
            return this;
        }

        boolean isEmpty() {
            return body.isEmpty();
        }

        Table build() {
            return new Table(id, caption, head, body, note);
        }
    }
}
