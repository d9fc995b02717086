resource "terraform_data" "web" {
  count = length(var.zones)
  input = "hello"
  triggers_replace = "v1"
}

resource "terraform_data" "cache" {
  count = length(var.zones)
  input = length(terraform_data.web)

  lifecycle {
    replace_triggered_by = [terraform_data.web]
  }
}

module "boxes" {
  source = "./modules/box"
  in = "m"
  n = 0
}

module "wrapper" {
  source = "./modules/wrap"
  for_each = { one = "1", two = "2" }
  input = "w"
}

output "summary" {
  value = terraform_data.web[*].output
}

output "out" {
  value = terraform_data.cache[*].output
}
