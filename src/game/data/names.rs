//! The word lists a new game draws its item appearances from (init.c), and
//! other fixed names.

/// Potion colors.
pub const RAINBOW: [&str; 27] = [
    "amber",
    "aquamarine",
    "black",
    "blue",
    "brown",
    "clear",
    "crimson",
    "cyan",
    "ecru",
    "gold",
    "green",
    "grey",
    "magenta",
    "orange",
    "pink",
    "plaid",
    "purple",
    "red",
    "silver",
    "tan",
    "tangerine",
    "topaz",
    "turquoise",
    "vermilion",
    "violet",
    "white",
    "yellow",
];

/// Syllables of scroll titles: 147 entries, "nes" twice, as in the original.
pub const SYLLS: [&str; 147] = [
    "a", "ab", "ag", "aks", "ala", "an", "app", "arg", "arze", "ash", "bek", "bie", "bit", "bjor", "blu", "bot", "bu",
    "byt", "comp", "con", "cos", "cre", "dalf", "dan", "den", "do", "e", "eep", "el", "eng", "er", "ere", "erk", "esh",
    "evs", "fa", "fid", "fri", "fu", "gan", "gar", "glen", "gop", "gre", "ha", "hyd", "i", "ing", "ip", "ish", "it",
    "ite", "iv", "jo", "kho", "kli", "klis", "la", "lech", "mar", "me", "mi", "mic", "mik", "mon", "mung", "mur",
    "nej", "nelg", "nep", "ner", "nes", "nes", "nih", "nin", "o", "od", "ood", "org", "orn", "ox", "oxy", "pay", "ple",
    "plu", "po", "pot", "prok", "re", "rea", "rhov", "ri", "ro", "rog", "rok", "rol", "sa", "san", "sat", "sef", "seh",
    "shu", "ski", "sna", "sne", "snik", "sno", "so", "sol", "sri", "sta", "sun", "ta", "tab", "tem", "ther", "ti",
    "tox", "trol", "tue", "turs", "u", "ulk", "um", "un", "uni", "ur", "val", "viv", "vly", "vom", "wah", "wed",
    "werg", "wex", "whon", "wun", "xo", "y", "yot", "yu", "zant", "zeb", "zim", "zok", "zon", "zum",
];

/// A ring stone and what it adds to the ring's worth.
#[derive(Clone, Copy, Debug)]
pub struct Stone {
    pub name: &'static str,
    pub value: i32,
}

const fn st(name: &'static str, value: i32) -> Stone {
    Stone { name, value }
}

pub const STONES: [Stone; 26] = [
    st("agate", 25),
    st("alexandrite", 40),
    st("amethyst", 50),
    st("carnelian", 40),
    st("diamond", 300),
    st("emerald", 300),
    st("germanium", 225),
    st("granite", 5),
    st("garnet", 50),
    st("jade", 150),
    st("kryptonite", 300),
    st("lapis lazuli", 50),
    st("moonstone", 50),
    st("obsidian", 15),
    st("onyx", 60),
    st("opal", 200),
    st("pearl", 220),
    st("peridot", 63),
    st("ruby", 350),
    st("sapphire", 285),
    st("stibotantalite", 200),
    st("tiger eye", 50),
    st("topaz", 60),
    st("turquoise", 70),
    st("taaffeite", 300),
    st("zircon", 80),
];

/// Staff woods.
pub const WOOD: [&str; 33] = [
    "avocado wood",
    "balsa",
    "bamboo",
    "banyan",
    "birch",
    "cedar",
    "cherry",
    "cinnibar",
    "cypress",
    "dogwood",
    "driftwood",
    "ebony",
    "elm",
    "eucalyptus",
    "fall",
    "hemlock",
    "holly",
    "ironwood",
    "kukui wood",
    "mahogany",
    "manzanita",
    "maple",
    "oaken",
    "persimmon wood",
    "pecan",
    "pine",
    "poplar",
    "redwood",
    "rosewood",
    "spruce",
    "teak",
    "walnut",
    "zebrawood",
];

/// Wand metals.
pub const METAL: [&str; 22] = [
    "aluminum",
    "beryllium",
    "bone",
    "brass",
    "bronze",
    "copper",
    "electrum",
    "gold",
    "iron",
    "lead",
    "magnesium",
    "mercury",
    "nickel",
    "pewter",
    "platinum",
    "steel",
    "silver",
    "silicon",
    "tin",
    "titanium",
    "tungsten",
    "zinc",
];

/// Names of the traps, by trap type.
pub const TR_NAME: [&str; 8] = [
    "a trapdoor",
    "an arrow trap",
    "a sleeping gas trap",
    "a beartrap",
    "a teleport trap",
    "a poison dart trap",
    "a rust trap",
    "a mysterious trap",
];

/// Names of the inventory styles (options screen).
pub const INV_T_NAME: [&str; 3] = ["Overwrite", "Slow", "Clear"];
