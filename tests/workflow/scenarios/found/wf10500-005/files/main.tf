locals {
  merged = { env = terraform.workspace, team = "core" }
}

locals {
  merged1 = merge(var.tags, { z = "26" })
}

resource "terraform_data" "queue" {
  count = 2
  for_each = toset(["a", "b"])
}

resource "terraform_data" "cache" {
  input = length([terraform_data.queue.id])

  lifecycle {
    create_before_destroy = true
  }
}

resource "terraform_data" "cache1" {
  for_each = { x = "1", y = "2" }
  input = "${each.key}=${each.value}"
}

output "ids" {
  value = terraform.workspace
}
