package io.lcjwt.bench.race;

import java.util.ArrayList;
import java.util.List;

/** One process's answer for one case, as the contract's JSON line says it. */
public record Result(String label, String contender, String family, String version, String runtime, String libcrypto,
              String kase, String alg, String source, String status, String reason, long decodes,
              List<Double> usPerDecode, Boolean settled, List<Double> warmupUsPerDecode) {
    public double median() {
        List<Double> s = new ArrayList<>(usPerDecode);
        s.sort(Double::compare);
        return s.isEmpty() ? Double.NaN : s.get(s.size() / 2);
    }

    public double min() {
        return usPerDecode.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    public double max() {
        return usPerDecode.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /**
     * One row from the results of several processes of one contender and case: their medians as
     * its values (so {@link #median()} is the median of the medians, {@link #min()} and
     * {@link #max()} their range), settled only if every process settled, and the warm-up of
     * the process whose median is the row's. A process that did not finish fails the row.
     */
    public static Result merge(List<Result> perProcess) {
        if (perProcess.isEmpty()) {
            throw new IllegalArgumentException("no process to merge");
        }
        for (Result r : perProcess) {
            if (!r.ok()) {
                return r;
            }
        }
        List<Result> sorted = new ArrayList<>(perProcess);
        sorted.sort(java.util.Comparator.comparingDouble(Result::median));
        Result mid = sorted.get(sorted.size() / 2);
        List<Double> medians = perProcess.stream().map(Result::median).toList();
        Boolean settled = perProcess.stream().anyMatch(r -> r.settled() == null) ? null
                : perProcess.stream().allMatch(Result::settled);
        return new Result(mid.label(), mid.contender(), mid.family(), mid.version(), mid.runtime(), mid.libcrypto(),
                mid.kase(), mid.alg(), mid.source(), mid.status(), mid.reason(), mid.decodes(), medians, settled,
                mid.warmupUsPerDecode());
    }

    public boolean ok() {
        return "ok".equals(status) && !usPerDecode.isEmpty();
    }
}
