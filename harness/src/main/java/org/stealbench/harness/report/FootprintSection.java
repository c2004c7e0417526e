package org.stealbench.harness.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Bytes per queued item of each queue kind and the hot-field layout verdict, from {@code footprint.json}. */
final class FootprintSection {

    static final String ID = "footprint";
    static final String TITLE = "Footprint: bytes per queued item and hot-field layout (JOL)";

    private FootprintSection() {
    }

    static Html.Section build(RunView run) {
        Optional<JsonNode> fp = run.footprint();
        if (fp.isEmpty()) {
            return Html.Section.absent(ID, TITLE, "Not in this run: no readable footprint.json.");
        }
        JsonNode queues = fp.get().path("queues");
        List<String> sizes = new ArrayList<>();
        if (queues.size() > 0) {
            queues.get(0).path("bytesPerItem").fieldNames().forEachRemaining(sizes::add);
        }
        Html.TableBuilder t = new Html.TableBuilder("footprint", "Retained bytes per queued item, and hot-field layout");
        List<String> head = new ArrayList<>(List.of("queue", "class", "empty queue (B)"));
        sizes.forEach(s -> head.add("B/item at " + NumberText.grouped(s)));
        head.addAll(List.of("hot fields (offset)", "layout verdict"));
        t.header(head.toArray(String[]::new));
        List<String> names = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        List<Double> largest = new ArrayList<>();
        for (JsonNode q : queues) {
            String id = q.path("queue").asText();
            String cls = q.path("className").asText();
            List<Html.Cell> row = new ArrayList<>(List.of(Correctness.nameCell(id),
                    Html.Cell.text(cls.substring(cls.lastIndexOf('.') + 1)), Cells.number(q.path("emptyBytes").asDouble())));
            for (String s : sizes) {
                row.add(Cells.number(q.path("bytesPerItem").path(s).asDouble(Double.NaN)));
            }
            List<String> hot = new ArrayList<>();
            q.path("hotFields").forEach(f -> hot.add(f.path("declaringClass").asText() + "." + f.path("name").asText()
                    + " @" + f.path("offset").asInt()));
            row.add(Html.Cell.text(hot.isEmpty() ? "none found" : String.join(", ", hot)));
            String verdict = q.path("verdict").asText();
            row.add(Html.Cell.text(verdict).withClass(verdict.contains("same cache line") ? "bad"
                    : verdict.contains("separate") ? "good" : ""));
            t.row(row);
            names.add(Contender.label(id));
            ids.add(id);
            largest.add(sizes.isEmpty() ? Double.NaN : q.path("bytesPerItem").path(sizes.get(sizes.size() - 1)).asDouble(Double.NaN));
        }
        int line = fp.get().path("cacheLineBytes").asInt(64);
        t.note("Bytes the queue retains per item beyond the empty queue (the item itself, one shared object, not counted): "
                + "arrays cost a reference slot (4 B with compressed oops) plus unused capacity; linked queues a node per item. "
                + "Hot fields are the head/tail/top/bottom indices or pointers; two of them within " + line + " bytes share a "
                + "cache line, so the owner's and the thieves' ends invalidate each other's line (false sharing).");
        List<Html.Block> blocks = new ArrayList<>();
        blocks.add(Html.Block.table(t.build()));
        if (!sizes.isEmpty()) {
            blocks.add(Html.Block.chart(Charts.bars("footprint-chart", "Bytes per queued item at "
                    + NumberText.grouped(sizes.get(sizes.size() - 1)) + " items",
                    "bytes per item", names, ids, largest)));
        }
        return new Html.Section(ID, TITLE, List.of(), blocks, null);
    }
}
