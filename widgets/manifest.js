// The widgets of the site, one entry per custom element, read by widgets/main.js and by
// hooks/early_start.py; the value after `export const WIDGETS =` is strict JSON, so the build reads
// it without running JavaScript (tests/site/test_widget_manifest.py checks it against the modules).
//   module      the file that defines the element, relative to this one (its feature's folder)
//   fields      the state a tool reads from its address (`static fields` of a ui.js Widget)
//   headStart   whether a tool page opened from a link naming one of `fields` starts the engine
//               from the page's head (false: the widget never needs the engine that early)
//   stylesheet  the source of its looks in docs/assets/stylesheets/ (in mkdocs.yml's extra_css)
// Which widgets start from the head, and why: develop/runtime.md, "The head start script".
export const WIDGETS = {
  "somerset-compare": {"module": "compare/compare.js", "fields": [], "headStart": false, "stylesheet": "somerset.css"},
  "somerset-deal": {"module": "replayer/deal-replayer.js", "fields": ["rules", "format", "seed", "dealer", "play", "bots"], "headStart": true, "stylesheet": "puzzle.css"},
  "somerset-first-deal": {"module": "learn/first-deal.js", "fields": [], "headStart": false, "stylesheet": "lesson.css"},
  "somerset-lesson": {"module": "learn/lesson.js", "fields": [], "headStart": false, "stylesheet": "lesson.css"},
  "somerset-lesson-map": {"module": "learn/lesson-map.js", "fields": [], "headStart": false, "stylesheet": "lesson.css"},
  "somerset-our-table": {"module": "our-table/our-table.js", "fields": ["rules"], "headStart": false, "stylesheet": "somerset.css"},
  "somerset-pad": {"module": "pad/pad.js", "fields": ["rules", "option", "format", "names", "deals"], "headStart": false, "stylesheet": "somerset.css"},
  "somerset-puzzle-progress": {"module": "trainer/puzzle-progress.js", "fields": [], "headStart": false, "stylesheet": "puzzle.css"},
  "somerset-ready": {"module": "ready/ready.js", "fields": [], "headStart": false, "stylesheet": "somerset.css"},
  "somerset-replay": {"module": "views/replay.js", "fields": [], "headStart": false, "stylesheet": "replay.css"},
  "somerset-rulings": {"module": "rulings/rulings.js", "fields": [], "headStart": false, "stylesheet": "somerset.css"},
  "somerset-samedeal": {"module": "same-deal/same-deal.js", "fields": ["rules", "format", "seed", "dealer", "moves", "play", "bots"], "headStart": true, "stylesheet": "cards.css"},
  "somerset-score": {"module": "score/score.js", "fields": ["rules", "format", "bid", "made", "against"], "headStart": true, "stylesheet": "somerset.css"},
  "somerset-table": {"module": "play/table.js", "fields": ["rules", "format", "seed", "moves", "play", "bots", "level"], "headStart": true, "stylesheet": "cards.css"},
  "somerset-today": {"module": "trainer/today.js", "fields": [], "headStart": false, "stylesheet": "somerset.css"},
  "somerset-trainer": {"module": "trainer/trainer.js", "fields": [], "headStart": false, "stylesheet": "trainer.css"},
  "somerset-trick": {"module": "trick/trick.js", "fields": ["rules", "trump", "cards", "held"], "headStart": true, "stylesheet": "cards.css"},
  "somerset-worth": {"module": "worth/worth.js", "fields": ["rules", "format", "hand", "auction"], "headStart": true, "stylesheet": "somerset.css"}
};
