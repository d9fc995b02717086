locals {
  prefix = "${var.name}-x"
}

resource "terraform_data" "db" {
  input = "hello"
}

resource "terraform_data" "web" {
  input = var.zones
  depends_on = [terraform_data.db]

  lifecycle {
    ignore_changes = [input]
    replace_triggered_by = [terraform_data.db]
  }
}

module "wrapper" {
  source = "./modules/wrap"
  count  = 2
  input = count.index
}

module "nested" {
  source = "./modules/nest"
  for_each = { one = "1", two = "2" }
  input = "deep"
}

output "summary" {
  value = var.name
}

check "health" {
  assert {
    condition     = var.name != "beta"
    error_message = "Check health failed."
  }
}
