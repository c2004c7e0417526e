package org.stealbench.harness.history;

import java.util.List;

/** What one source adds to the store: its run and its forks' figures. */
public record Ingest(HistoryRun run, List<Measurement> measurements) {

    public Ingest {
        measurements = List.copyOf(measurements);
    }
}
