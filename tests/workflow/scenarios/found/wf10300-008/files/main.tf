resource "terraform_data" "item" {
  count = length(var.zones)
  input = "item-${count.index}"

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "queue" {
  input = terraform_data.item[*].id
}

resource "terraform_data" "item1" {
  for_each = var.tags
  input = each.key
}

module "boxes" {
  source = "./modules/box"
  for_each = toset(["p", "q"])
  in = var.name
  n = 2
}

output "result" {
  value = var.zones

  precondition {
    condition     = length(jsonencode(var.zones)) > 0
    error_message = "The precondition failed."
  }
}

output "summary" {
  value = terraform_data.item[*].output
}

output "summary1" {
  value = terraform_data.queue.id
}
