-- UIModalPresentationStyle.overFullScreen: like fullScreen, but the presenter's views "are not
-- removed when the presentation finishes", so "underlying content shows through" wherever the
-- presented view is transparent (UIKit docs, docs/sources.md §3.7).

local FullScreen = require("system.fullScreen")

local OverFullScreen = FullScreen:subclass("UIOverFullScreenPresentationController")

function OverFullScreen:shouldRemovePresentersView()
  return false
end

return OverFullScreen
