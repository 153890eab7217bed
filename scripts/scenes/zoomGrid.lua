-- iOS 18's zoom transition from a photo grid, as Apple's WWDC24 "Enhance your UI animations
-- and transitions" shows it: a UICollectionView of coloured tiles in a navigation controller;
-- tapping a tile pushes its detail screen, whose preferredTransition zooms it out of the
-- tile (sourceViewProvider returns the cell for the detail's item, asked again for the zoom
-- out: the grid may have scrolled). The scene taps the fifth tile, drags the detail down a
-- little (it springs back), then further (it zooms back into its tile), then presents the
-- ninth tile's detail modally and pinches it away.
-- Run:  transit run scripts/scenes/zoomGrid.lua --ios 18
--       transit render scripts/scenes/zoomGrid.lua --ios 18 -o zoom.gif

local COLUMNS, COUNT, GAP = 3, 30, 2
local palette = { UIColor.systemRed, UIColor.systemOrange, UIColor.systemYellow, UIColor.systemGreen,
  UIColor.systemTeal, UIColor.systemBlue, UIColor.systemIndigo, UIColor.systemPurple, UIColor.systemPink }
local function colour(item) return palette[(item - 1) % #palette + 1] end

local Tile = UICollectionViewCell:subclass("Tile")

local Grid = UIViewController:subclass("Grid")

function Grid:viewDidLoad()
  local bounds = self.view.bounds
  local side = (bounds.width - GAP * (COLUMNS - 1)) / COLUMNS
  local layout = UICollectionViewFlowLayout.new{ itemSize = CGSize(side, side),
    minimumInteritemSpacing = GAP, minimumLineSpacing = GAP }
  self.grid = UICollectionView.new{ frame = bounds, collectionViewLayout = layout }
  self.grid.backgroundColor = UIColor.white
  self.grid:register(Tile, "tile")
  self.grid.dataSource = self
  self.grid.delegate = self
  self.view:addSubview(self.grid)
end

function Grid:numberOfItemsInSection() return COUNT end

function Grid:cellForItemAt(cv, indexPath)
  local cell = cv:dequeueReusableCell("tile", indexPath)
  cell.contentView.backgroundColor = colour(indexPath.item)
  return cell
end

-- The detail of `item`, zoomed from (and back into) its tile.
function Grid:detail(item)
  local detail = UIViewController.new{ title = "Photo " .. item, backgroundColor = colour(item) }
  local grid = self.grid
  detail.preferredTransition = UIViewController.Transition.zoom{
    sourceViewProvider = function()
      return grid:cellForItem(IndexPath{ item = item, section = 1 })
    end,
  }
  return detail
end

function Grid:didSelectItemAt(cv, indexPath)
  self.navigationController:pushViewController(self:detail(indexPath.item), true)
end

local grid = Grid.new{ title = "Photos" }
local navigation = UINavigationController.new(grid)
transit.window.rootViewController = navigation
transit.wait(0.3)

local function centre(item)
  local cell = grid.grid:cellForItem(IndexPath{ item = item, section = 1 })
  local frame = cell:convert(cell.bounds, transit.window)
  return CGPoint(frame.midX, frame.midY)
end

-- Tap the fifth tile: the push zooms its detail out of it.
transit.touch.tap{ at = centre(5) }
transit.wait(1)
-- A short drag springs back; a longer one zooms back into the tile.
local mid = transit.window.bounds.width / 2
transit.touch.pan{ from = CGPoint(mid, 300), to = CGPoint(mid, 340), duration = 0.5 }
transit.wait(1.2)
transit.touch.pan{ from = CGPoint(mid, 300), to = CGPoint(mid, 650), duration = 0.6 }
transit.wait(1.4)

-- The ninth tile's detail, presented: a pinch zooms it away.
local detail = grid:detail(9)
grid:present(detail, true)
transit.wait(1)
transit.touch.pinch{ center = CGPoint(mid, 400), fromScale = 1, toScale = 0.45, duration = 0.5 }
transit.wait(1.5)
