locals {
  combo = lower(var.name)
}

locals {
  label = [local.combo]
}

resource "terraform_data" "queue" {
  count = 3
  input = { a = 1, b = "x" }
  triggers_replace = [1, 2]
}

resource "terraform_data" "a" {
  input = "hello"

  lifecycle {
    replace_triggered_by = [terraform_data.queue]
  }
}

module "nested" {
  source = "./modules/nest"
  for_each = toset(["p", "q"])
  input = "deep"
}

module "boxes" {
  source = "./modules/box"
  in = var.name
  n = 0
}

output "out" {
  value = terraform_data.queue[*].output
}
