locals {
  combo = "pre-${terraform.workspace}"
}

locals {
  label = var.size + 1
}

resource "terraform_data" "db" {
  for_each = toset(["k1", "k2", "k3"])
  input = local.combo
}

resource "terraform_data" "a" {
  count = var.size
  input = local.combo
  depends_on = [terraform_data.db]

  lifecycle {
    replace_triggered_by = [terraform_data.db]
  }
}

module "boxes" {
  source = "./modules/box"
  in = "k"
  n = 0
}
