/// Predicted one-repetition maximum by the Epley formula, `1RM = w · (1 + r / 30)`: the load a person
/// could lift once, from a set of `r` repetitions at `w`. A single repetition is its own maximum.
/// Less accurate above about 12 repetitions; callers prefer their heaviest low-rep set.
public enum OneRepMax {
    public static func epley(load: Mass, reps: Int) -> Mass? {
        guard reps >= 1, load.kilograms > 0 else { return nil }
        if reps == 1 { return load }
        return Mass(kilograms: load.kilograms * (1 + Double(reps) / 30))
    }

    /// The load for `reps` repetitions from a one-rep maximum (Epley solved for `w`), rounded down to
    /// 0.25 kg so the planned set is never heavier than predicted.
    public static func workingLoad(for reps: Int, oneRepMax: Mass) -> Mass {
        let exact = reps <= 1 ? oneRepMax.kilograms : oneRepMax.kilograms / (1 + Double(reps) / 30)
        return Mass(kilograms: (exact * 4).rounded(.down) / 4)
    }

    /// The best estimate from a list of sets: the highest Epley value among sets of 1–12 reps.
    public static func best(of sets: [WorkoutSet]) -> Mass? {
        sets.compactMap { set -> Mass? in
            guard let reps = set.reps, (1...12).contains(reps), let load = set.load else { return nil }
            return epley(load: load, reps: reps)
        }.max()
    }
}
