locals {
  count_of = merge(var.tags, { z = "26" })
}

resource "terraform_data" "cache" {
  for_each = { x = "1", y = "2" }
  input = "${each.key}=${each.value}"
}

resource "terraform_data" "queue" {
}

resource "terraform_data" "app" {
  input = terraform_data.queue.id
  depends_on = [terraform_data.cache]

  lifecycle {
    create_before_destroy = true
    replace_triggered_by = [terraform_data.cache]
  }
}

module "wrapper" {
  source = "./modules/wrap"
  for_each = toset(["p", "q"])
  input = { a = 1 }
}

module "nested" {
  source = "./modules/nest"
  input = "d"
}
